import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldErrorMessage, InputField, MoveButtons, SelectField, errorList, fieldId, type ApiErrorItem, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ProductsApi } from '../api';
import { LICENCES, MAX_BODY, MAX_CLASSES, MAX_PERCENTAGE, MAX_PROCESSES, MAX_REPETITIONS, MAX_SUBJECT, MAX_TEST_DAYS, PROCESS_KINDS } from '../lists';
import { parseWhole } from '../format';
import { editableKind, formativeKind, newProcess, onlineTestKind, processField, type ProcessDraft } from './productDraft';

/** The variables an e-mail process's subject and text may carry (the host replaces them). */
const VARIABLES = { name: '{{ name }}', product: '{{ product }}', reference: '{{ reference }}' };

/** Codes of a call to a module that is off (`SERVICE-000`) or not installed (no such call). */
const MODULE_OFF = ['SERVICE-000', 'REQ-404', 'NOT-FOUND-000'];

/**
 * What another module offers to choose (the agreements module's agreements, the formative
 * module's contents, the practices module's types of lesson), read once the first process that
 * needs them is there.
 */
type Choices<T> = { state: 'idle' | 'loading' } | { state: 'ready'; items: T[] } | { state: 'failed'; error: ApiErrorItem };

/** Reads the choices once `needed` first holds, and keeps them (by name) or why they failed. */
function useChoices<T extends { id: number; name: string }>(needed: boolean, read: () => Promise<T[]>): Choices<T> {
  const [choices, setChoices] = useState<Choices<T>>({ state: 'idle' });
  useEffect(() => {
    if (!needed || choices.state !== 'idle') return;
    setChoices({ state: 'loading' });
    read().then(
      (items) => setChoices({ state: 'ready', items: [...items].sort((a, b) => a.name.localeCompare(b.name, 'es')) }),
      (failure) => setChoices({ state: 'failed', error: errorList(failure)[0] ?? { code: '', data: null, details: '' } }),
    );
  }, [read, needed, choices.state]);
  return choices;
}

/** The Spanish texts saying why a module's choices cannot be read. */
interface ProblemTexts {
  off: string;
  forbidden: string;
  failed: string;
  failedWhy(details: string): string;
}

/** Why the choices cannot be chosen, or undefined when they can. */
function choicesProblem(choices: Choices<unknown>, texts: ProblemTexts): string | undefined {
  if (choices.state !== 'failed') return undefined;
  const { code, details } = choices.error;
  if (MODULE_OFF.includes(code)) return texts.off;
  if (code === 'PERMISSION-000') return texts.forbidden;
  return details ? texts.failedWhy(details) : texts.failed;
}

/** The select's options; the one chosen is kept even when the list does not give it (deleted, not published, or the module off). */
function choiceOptions<T extends { id: number; name: string }>(choices: Choices<T>, chosen: string, unnamed: (id: string) => string, label: (x: T) => string = (x) => x.name) {
  const options = (choices.state === 'ready' ? choices.items : []).map((x) => ({ value: String(x.id), label: label(x) }));
  if (chosen && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: unnamed(chosen) });
  return options;
}

/**
 * A product's automatic processes (`processes`), in the order they run when the online shop
 * sells it and the bank confirms the payment (once per order): each a contract to sign (an
 * agreement of the agreements module), an e-mail to the buyer (subject and text, with the
 * variables the host replaces), or days of the online tests of a licence (valkiria) given or
 * added to the buyer's access (a licence class and 1–1095 days), a formative content assigned to
 * the buyer (the content, and 1–1095 days or empty for the content's own) or a larger share of
 * one opened (the content and 1–100 %), a pack of practical lessons (a type of the practices
 * module and 1–200 lessons per unit bought), the buyer's mode in the shop (demo or enrolled: no
 * fields, a line saying what it allows) or the repetitions of the online tests of a licence (a
 * licence class and 0–99). "Añadir proceso" (at most 10), "Quitar", "↑"/"↓". The agreements are
 * read (`GET agreement/read/all`) once a contract process is there, the published contents
 * (`GET formative/content/read?status=publish`) once a formative process is there, the active
 * types of lesson (`GET hermes/practice/type/read?state=active`) once a practical-classes process
 * is there; when that module is off or not installed, or the user may not read them, its rows
 * say so (the value chosen stays), and the other processes are still kept and saved. A
 * practical-classes or test-repetitions process's legend says what it gives once filled in
 * ("Clases prácticas: 5 de Clase de circulación (B)"). The host's errors go under the process's field they
 * name (`processes[i].subject`…), those about the list (`processes`) under it. A process of a
 * kind this form does not edit is kept as it was read.
 */
export function ProcessesField({ ctx, api, processes, onChange }: { ctx: FormContext; api: ProductsApi; processes: ProcessDraft[]; onChange(processes: ProcessDraft[]): void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = fieldId(ctx.formId, 'processes');
  const error = ctx.errors.errors.processes;
  const agreements = useChoices(processes.some((p) => p.kind === 'contract'), api.agreements.all);
  const contents = useChoices(processes.some((p) => formativeKind(p.kind)), api.contents.all);
  const practiceTypes = useChoices(processes.some((p) => p.kind === 'practice_class'), api.practiceTypes.all);

  const set = (key: number, patch: Partial<ProcessDraft>) => onChange(processes.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const move = (index: number, delta: -1 | 1) => {
    const next = [...processes];
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved);
    onChange(next);
  };

  const agreementsProblem = choicesProblem(agreements, {
    off: t('processes.agreementsOff'),
    forbidden: t('processes.agreementsForbidden'),
    failed: t('processes.agreementsFailed'),
    failedWhy: (details) => t('processes.agreementsFailedWhy', { details }),
  });
  const contentsProblem = choicesProblem(contents, {
    off: t('processes.contentsOff'),
    forbidden: t('processes.contentsForbidden'),
    failed: t('processes.contentsFailed'),
    failedWhy: (details) => t('processes.contentsFailedWhy', { details }),
  });
  const practiceTypesProblem = choicesProblem(practiceTypes, {
    off: t('processes.practiceTypesOff'),
    forbidden: t('processes.practiceTypesForbidden'),
    failed: t('processes.practiceTypesFailed'),
    failedWhy: (details) => t('processes.practiceTypesFailedWhy', { details }),
  });

  const licenceOptions = (chosen: string) => {
    const options: { value: string; label: string }[] = LICENCES.map((l) => ({ value: l, label: l }));
    // a licence the list does not hold (stored before) stays chosen
    if (chosen && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: chosen });
    return options;
  };

  const agreementOptions = (chosen: string) => choiceOptions(agreements, chosen, (id) => t('processes.agreementUnnamed', { id }));
  const contentOptions = (chosen: string) => choiceOptions(contents, chosen, (id) => t('processes.contentUnnamed', { id }));
  const practiceTypeOptions = (chosen: string) =>
    choiceOptions(practiceTypes, chosen, (id) => t('processes.practiceTypeUnnamed', { id }), (x) => t('processes.practiceTypeOption', { name: x.name, licence: x.licence }));
  /** A type of lesson as a process's legend names it: "Clase de circulación (B)", or by number when it is not offered. */
  const practiceTypeName = (chosen: string) => {
    const found = practiceTypes.state === 'ready' ? practiceTypes.items.find((x) => String(x.id) === chosen) : undefined;
    return found ? t('processes.practiceTypeShort', { name: found.name, licence: found.licence }) : t('processes.practiceTypeUnnamed', { id: chosen });
  };
  /** What a process gives, when its fields say it (practical classes, test repetitions); else its kind's name. */
  const processTitle = (process: ProcessDraft, kindName: string) => {
    if (process.kind === 'practice_class') {
      const quantity = parseWhole(process.quantity);
      if (process.practice_type_id && quantity !== null && quantity >= 1 && quantity <= MAX_CLASSES) {
        return t('processes.summaryClasses', { kind: kindName, quantity, type: practiceTypeName(process.practice_type_id) });
      }
    }
    if (process.kind === 'test_repetitions') {
      const count = parseWhole(process.repetitions);
      if (process.licence && count !== null && count <= MAX_REPETITIONS) return t('processes.summaryRepetitions', { kind: kindName, licence: process.licence, count });
    }
    return kindName;
  };
  /** The line under a kind that has no fields to say it (the customer's modes), or needs another process first (test repetitions). */
  const kindNote = (kind: string) =>
    kind === 'customer_demo' ? t('processes.demoNote') : kind === 'customer_enrolled' ? t('processes.enrolledNote') : kind === 'test_repetitions' ? t('processes.repetitionsNote') : null;

  return (
    <fieldset className="vk-field vk-field--wide products-group" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="processes">
      <legend className="vk-label">{t('fields.processes')}</legend>
      <p className="muted products-process__intro" data-testid="processes-intro">
        {t('processes.intro')}
      </p>
      {processes.length === 0 && <p className="muted">{t('processes.none')}</p>}
      {processes.map((process, i) => {
        const editable = editableKind(process.kind);
        const kindName = editable ? t(`processes.kinds.${process.kind}`) : t('processes.otherKind', { kind: process.kind });
        const kindOptions: { value: string; label: string }[] = PROCESS_KINDS.map((k) => ({ value: k, label: t(`processes.kinds.${k}`) }));
        // the stored kind stays offered, to go back to it after trying another
        if (process.stored) kindOptions.push({ value: process.stored.kind, label: t('processes.otherKind', { kind: process.stored.kind }) });
        const number = i + 1;
        const note = kindNote(process.kind);
        return (
          <fieldset key={process.key} className="products-line" data-testid="process">
            <legend className="products-line__title">{t('processes.legend', { index: number, kind: processTitle(process, kindName) })}</legend>
            <div className="vk-form__grid products-line__grid">
              <SelectField
                ctx={ctx}
                field={processField(i, 'kind')}
                label={t('processes.fields.kind')}
                value={process.kind}
                options={kindOptions}
                onChange={(kind) => set(process.key, { kind })}
              />
              {process.kind === 'contract' && (
                <SelectField
                  ctx={ctx}
                  field={processField(i, 'agreement_id')}
                  label={t('processes.fields.agreement_id')}
                  value={process.agreement_id}
                  empty={t('processes.chooseAgreement')}
                  options={agreementOptions(process.agreement_id)}
                  required
                  hint={agreements.state === 'loading' ? t('processes.agreementsLoading') : agreements.state === 'ready' && agreements.items.length === 0 ? t('processes.noAgreements') : t('processes.agreementHint')}
                  onChange={(agreement_id) => set(process.key, { agreement_id })}
                />
              )}
              {process.kind === 'email' && (
                <InputField
                  ctx={ctx}
                  field={processField(i, 'subject')}
                  label={t('processes.fields.subject')}
                  value={process.subject}
                  maxLength={MAX_SUBJECT}
                  required
                  onChange={(subject) => set(process.key, { subject })}
                />
              )}
              {onlineTestKind(process.kind) && (
                <>
                  <SelectField
                    ctx={ctx}
                    field={processField(i, 'licence')}
                    label={t('processes.fields.licence')}
                    value={process.licence}
                    empty={t('processes.chooseLicence')}
                    options={licenceOptions(process.licence)}
                    required
                    hint={t('processes.licenceHint')}
                    onChange={(licence) => set(process.key, { licence })}
                  />
                  <InputField
                    ctx={ctx}
                    field={processField(i, 'days')}
                    label={t('processes.fields.days')}
                    value={process.days}
                    inputMode="numeric"
                    maxLength={4}
                    required
                    hint={process.kind === 'online_test_days' ? t('processes.daysHintGive', { max: MAX_TEST_DAYS }) : t('processes.daysHintExtend', { max: MAX_TEST_DAYS })}
                    onChange={(days) => set(process.key, { days })}
                  />
                </>
              )}
              {formativeKind(process.kind) && (
                <>
                  <SelectField
                    ctx={ctx}
                    field={processField(i, 'content_id')}
                    label={t('processes.fields.content_id')}
                    value={process.content_id}
                    empty={t('processes.chooseContent')}
                    options={contentOptions(process.content_id)}
                    required
                    hint={contents.state === 'loading' ? t('processes.contentsLoading') : contents.state === 'ready' && contents.items.length === 0 ? t('processes.noContents') : t('processes.contentHint')}
                    onChange={(content_id) => set(process.key, { content_id })}
                  />
                  {process.kind === 'formative_content' ? (
                    <InputField
                      ctx={ctx}
                      field={processField(i, 'days')}
                      label={t('processes.fields.days')}
                      value={process.days}
                      inputMode="numeric"
                      maxLength={4}
                      hint={t('processes.daysHintContent', { max: MAX_TEST_DAYS })}
                      onChange={(days) => set(process.key, { days })}
                    />
                  ) : (
                    <InputField
                      ctx={ctx}
                      field={processField(i, 'percentage')}
                      label={t('processes.fields.percentage')}
                      value={process.percentage}
                      inputMode="numeric"
                      maxLength={3}
                      required
                      hint={t('processes.percentageHint', { max: MAX_PERCENTAGE })}
                      onChange={(percentage) => set(process.key, { percentage })}
                    />
                  )}
                </>
              )}
              {process.kind === 'practice_class' && (
                <>
                  <SelectField
                    ctx={ctx}
                    field={processField(i, 'practice_type_id')}
                    label={t('processes.fields.practice_type_id')}
                    value={process.practice_type_id}
                    empty={t('processes.choosePracticeType')}
                    options={practiceTypeOptions(process.practice_type_id)}
                    required
                    hint={
                      practiceTypes.state === 'loading'
                        ? t('processes.practiceTypesLoading')
                        : practiceTypes.state === 'ready' && practiceTypes.items.length === 0
                          ? t('processes.noPracticeTypes')
                          : t('processes.practiceTypeHint')
                    }
                    onChange={(practice_type_id) => set(process.key, { practice_type_id })}
                  />
                  <InputField
                    ctx={ctx}
                    field={processField(i, 'quantity')}
                    label={t('processes.fields.quantity')}
                    value={process.quantity}
                    inputMode="numeric"
                    maxLength={3}
                    required
                    hint={t('processes.quantityHint', { max: MAX_CLASSES })}
                    onChange={(quantity) => set(process.key, { quantity })}
                  />
                </>
              )}
              {process.kind === 'test_repetitions' && (
                <>
                  <SelectField
                    ctx={ctx}
                    field={processField(i, 'licence')}
                    label={t('processes.fields.licence')}
                    value={process.licence}
                    empty={t('processes.chooseLicence')}
                    options={licenceOptions(process.licence)}
                    required
                    hint={t('processes.repetitionsLicenceHint')}
                    onChange={(licence) => set(process.key, { licence })}
                  />
                  <InputField
                    ctx={ctx}
                    field={processField(i, 'repetitions')}
                    label={t('processes.fields.repetitions')}
                    value={process.repetitions}
                    inputMode="numeric"
                    maxLength={2}
                    required
                    hint={t('processes.repetitionsHint', { max: MAX_REPETITIONS })}
                    onChange={(repetitions) => set(process.key, { repetitions })}
                  />
                </>
              )}
            </div>
            {note && (
              <p className="muted" data-testid="process-note">
                {note}
              </p>
            )}
            {onlineTestKind(process.kind) && (
              <p className="muted" data-testid="process-student">
                {t('processes.studentNote')}
              </p>
            )}
            {!editable && (
              <p className="muted" data-testid="process-kept">
                {t('processes.otherKindNote')}
              </p>
            )}
            {process.kind === 'contract' && agreementsProblem && (
              <p className="vk-error" role="alert" data-testid="agreements-problem">
                {agreementsProblem}
              </p>
            )}
            {formativeKind(process.kind) && contentsProblem && (
              <p className="vk-error" role="alert" data-testid="contents-problem">
                {contentsProblem}
              </p>
            )}
            {process.kind === 'practice_class' && practiceTypesProblem && (
              <p className="vk-error" role="alert" data-testid="practice-types-problem">
                {practiceTypesProblem}
              </p>
            )}
            {process.kind === 'email' && (
              <Field form={ctx.formId} field={processField(i, 'body')} label={t('processes.fields.body')} error={ctx.errors.errors[processField(i, 'body')]} required hint={t('processes.variables', VARIABLES)} className="vk-field--wide">
                <textarea
                  className="vk-input"
                  rows={6}
                  {...ctx.errors.control(processField(i, 'body'))}
                  value={process.body}
                  maxLength={MAX_BODY}
                  disabled={ctx.disabled}
                  onChange={(ev) => set(process.key, { body: ev.target.value })}
                />
              </Field>
            )}
            {!ctx.disabled && (
              <div className="products-row-actions">
                <MoveButtons
                  index={i}
                  count={processes.length}
                  busy={false}
                  upLabel={t('processes.up', { index: number })}
                  downLabel={t('processes.down', { index: number })}
                  onMove={(delta) => move(i, delta)}
                  testId={`process-${number}`}
                />
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('processes.removeNamed', { index: number, kind: kindName })} onClick={() => onChange(processes.filter((p) => p.key !== process.key))}>
                  {t('remove')}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      <FieldErrorMessage form={ctx.formId} field="processes" error={error} />
      {!ctx.disabled && (
        <div className="products-line__add">
          <button type="button" className="vk-btn vk-btn--light" disabled={processes.length >= MAX_PROCESSES} onClick={() => onChange([...processes, newProcess()])}>
            {t('processes.add')}
          </button>
          {processes.length >= MAX_PROCESSES && <small className="muted">{t('processes.full', { max: MAX_PROCESSES })}</small>}
        </div>
      )}
    </fieldset>
  );
}
