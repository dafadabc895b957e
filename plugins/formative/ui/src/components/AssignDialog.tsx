import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, Dialog, FieldErrorMessage, FormMessages, InputField, SearchPicker, SubmitActions, UI_NAMESPACE, fieldId, indexedFieldErrors, useDraftForm, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AssignFields, Assigned, Content, FormativeApi, FoundContact } from '../api';
import { DEFAULT_PERCENTAGE, MAX_CONTACTS } from '../lists';
import { endsNotBefore, parseWhole } from '../format';

export const ASSIGN_FIELDS = ['contact_ids', 'starts_on', 'ends_on', 'percentage', 'send'] as const;

/** A student chosen: the contact and the name to show. */
interface Chosen {
  id: number;
  name: string;
  email: string;
}

interface AssignDraft {
  students: Chosen[];
  /** `YYYY-MM-DD` or '' (the host's defaults: today, and the content's days of access from it). */
  starts_on: string;
  ends_on: string;
  percentage: string;
  send: boolean;
}

const emptyAssign = (): AssignDraft => ({ students: [], starts_on: '', ends_on: '', percentage: String(DEFAULT_PERCENTAGE), send: false });

/** What `formative/assignment/create` gets: the days only when given. */
export function assignBody(contentId: number, draft: AssignDraft): AssignFields {
  const body: AssignFields = { content_id: contentId, contact_ids: draft.students.map((s) => s.id), percentage: parseWhole(draft.percentage) ?? DEFAULT_PERCENTAGE, send: draft.send };
  if (draft.starts_on) body.starts_on = draft.starts_on;
  if (draft.ends_on) body.ends_on = draft.ends_on;
  return body;
}

/** The checks of a share of the lessons: a whole number from 1 to 100. */
export function percentageError(text: string, message: string): string | undefined {
  const value = parseWhole(text);
  return value === null || value < 1 || value > 100 ? message : undefined;
}

/**
 * "Asignar alumnos": the students (contacts found with the contacts plugin's finder, several, each
 * with "Quitar"), from and until (empty: today, and the content's days of access), the share of
 * the lessons open (1 to 100 %) and "Enviar el enlace por correo". One assignment per student
 * (`formative/assignment/create`); a refused student (`contact_ids[2]`: not a client, already
 * assigned…) is named under the list.
 */
export function AssignDialog({ api, content, onClose, onAssigned }: { api: FormativeApi; content: Content; onClose(): void; onAssigned(answer: Assigned, sent: boolean): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  // the body last sent, and the students' names: the host's `contact_ids[i]` points into it
  const sent = useRef<AssignFields | null>(null);
  const names = useRef(new Map<number, string>());
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<AssignDraft, AssignFields>(emptyAssign, {
    fields: ASSIGN_FIELDS,
    toBody: (d) => assignBody(content.id, d),
    validate: (d): Partial<FieldErrors> => ({
      contact_ids: d.students.length === 0 ? t('assign.errors.noStudents') : d.students.length > MAX_CONTACTS ? t('assign.errors.tooMany', { max: MAX_CONTACTS }) : undefined,
      ends_on: endsNotBefore(d.starts_on, d.ends_on) ? undefined : t('assign.errors.endsBeforeStart'),
      percentage: percentageError(d.percentage, t('assign.errors.percentage')),
    }),
    explain: (failure) => indexedFieldErrors(failure, 'contact_ids', (i) => names.current.get(sent.current?.contact_ids[i] ?? 0)),
    onSubmit: async (body) => {
      sent.current = body;
      onAssigned(await api.assignments.create(body), !!body.send);
    },
    fallback: t('actionError'),
  });
  names.current = new Map(draft.students.map((s) => [s.id, s.name]));
  const id = fieldId(ctx.formId, 'contact_ids');
  const chosen = new Set(draft.students.map((s) => s.id));

  return (
    <Dialog title={t('assign.title', { name: content.name })} onClose={onClose} wide testId="assign-dialog">
      <form className="vk-form" aria-label={t('assign.form')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="assign-errors" />
        <div className="vk-field vk-field--wide formative-students" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="students-field">
          <span className="vk-label" id={`${id}-label`}>
            {t('assign.fields.contact_ids')}
            <span aria-hidden="true"> *</span>
          </span>
          {draft.students.length > 0 ? (
            <ul className="formative-chips" aria-label={t('assign.chosen')}>
              {draft.students.map((s) => (
                <li key={s.id} data-testid="chosen-student">
                  <span>{s.name}</span>
                  <button
                    type="button"
                    className="vk-btn vk-btn--light"
                    disabled={ctx.disabled}
                    aria-label={t('assign.removeNamed', { name: s.name })}
                    onClick={() => set({ students: draft.students.filter((other) => other.id !== s.id) })}
                  >
                    {t('assign.remove')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('assign.noStudents')}</p>
          )}
          <SearchPicker<FoundContact>
            find={api.contacts.find}
            itemKey={(c) => c.id}
            itemLabel={(c) => c.display_name}
            itemDetail={(c) => c.email || c.fiscal_code}
            taken={(c) => chosen.has(c.id)}
            placeholder={t('assign.search')}
            label={t('assign.search')}
            disabled={ctx.disabled}
            testId="contact-finder"
            texts={{ taken: t('assign.already'), chooseNamed: (name) => t('assign.chooseNamed', { name }) }}
            onChoose={(c) => set({ students: [...draft.students, { id: c.id, name: c.display_name, email: c.email }] })}
          />
          <FieldErrorMessage form={ctx.formId} field="contact_ids" error={ctx.errors.errors.contact_ids} />
        </div>
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="starts_on" type="date" label={t('assign.fields.starts_on')} value={draft.starts_on} hint={t('assign.startsHint')} onChange={(starts_on) => set({ starts_on })} />
          <InputField ctx={ctx} field="ends_on" type="date" label={t('assign.fields.ends_on')} value={draft.ends_on} min={draft.starts_on || undefined} hint={t('assign.endsHint', { count: content.access_days })} onChange={(ends_on) => set({ ends_on })} />
          <InputField ctx={ctx} field="percentage" label={t('assign.fields.percentage')} value={draft.percentage} inputMode="numeric" required hint={t('assign.percentageHint')} onChange={(percentage) => set({ percentage })} />
          <CheckField ctx={ctx} field="send" label={t('assign.fields.send')} checked={draft.send} onChange={(send) => set({ send })} />
        </div>
        <SubmitActions busy={busy} label={t('assign.submit')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.cancel')}
          </button>
        </SubmitActions>
      </form>
    </Dialog>
  );
}
