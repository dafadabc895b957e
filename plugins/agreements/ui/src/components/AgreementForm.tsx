import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, FormMessages, InputField, NotesField, SelectField, SubmitActions, TabPanel, Tabs, UI_NAMESPACE, useDraftForm, useLoad, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Agreement, AgreementFields, AgreementType, AgreementsApi } from '../api';
import { MAX_DESCRIPTION, MAX_NAME, MAX_SIZE, MIN_SIZE } from '../lists';
import { AGREEMENT_FIELDS, TABS, agreementBody, agreementDraft, draftProblems, tabOf, type AgreementDraft, type DraftProblem, type Tab } from './agreementDraft';
import type { PlacementDraft } from '../format';
import { CoverField } from './CoverField';
import { PdfField } from './PdfField';
import { PlacementsField } from './PlacementsField';

/**
 * An agreement's form in two tabs: "Datos" (type, name, description, cover, the PDF template and
 * "Incluir en el libro de registro de la DGT") and "Variables" (what prints where on the PDF).
 * One "Guardar" sends both; a tab with a field in error is marked and shown. Placements are
 * typed in percent and sent as fractions of the page; a wrong one is refused here, under its
 * field, and nothing is sent.
 */
export function AgreementForm({
  agreement,
  types,
  api,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  agreement: Agreement | null;
  types: AgreementType[] | null;
  api: AgreementsApi;
  label: string;
  submitLabel: string;
  onSubmit(body: AgreementFields): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const [tab, setTab] = useState<Tab>('data');
  const message = (problem: DraftProblem) =>
    ({
      type: ui('form.required'),
      variable: ui('form.required'),
      page: pageCount ? t('placements.errors.pageOf', { pages: pageCount }) : t('placements.errors.page'),
      position: t('placements.errors.position'),
      size: t('placements.errors.size', { min: MIN_SIZE, max: MAX_SIZE }),
      width: t('placements.errors.width'),
    })[problem];

  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<AgreementDraft, AgreementFields>(() => agreementDraft(agreement), {
    fields: AGREEMENT_FIELDS,
    toBody: agreementBody,
    required: 'name',
    validate: (d): FieldErrors => Object.fromEntries(Object.entries(draftProblems(d, pageCount)).map(([field, problem]) => [field, message(problem)])),
    onSubmit,
    fallback: t('actionError'),
    disabled,
  });
  // the PDF's pages: the box's pages and a check of each placement's page
  const pdfId: number | null = draft.pdf_file_id;
  const pages = useLoad(
    useCallback(() => api.files.pages(pdfId ?? 0), [api, pdfId]),
    pdfId !== null,
  );
  const pageCount: number | null = pdfId !== null ? pages.data : null;

  // a refusal or a local check: show the first tab with an error, unless the one shown has one
  const marked = new Set(Object.keys(errors.errors).map(tabOf));
  useEffect(() => {
    const withErrors = Object.keys(errors.errors).map(tabOf);
    if (withErrors.length > 0 && !withErrors.includes(tab)) setTab(TABS.find((k) => withErrors.includes(k)) ?? tab);
    // only when the errors change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors.errors]);

  /** New placements; when one is added or taken off, the errors by index no longer apply. */
  function changePlacements(placements: PlacementDraft[]) {
    const keys = (list: PlacementDraft[]) => list.map((p) => p.key).join(',');
    if (keys(placements) !== keys(draft.placements)) errors.setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !field.startsWith('variables'))));
    setDraft((d) => ({ ...d, placements }));
  }

  const typeOptions = (types ?? []).map((x) => ({ value: x.id, label: x.name }));
  if (agreement && !typeOptions.some((o) => o.value === agreement.type)) typeOptions.push({ value: agreement.type, label: agreement.type_name || agreement.type });
  const tabsId = 'agreement-form-tabs';

  return (
    <form className="vk-form agreements-form" aria-label={label} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="agreement-errors" />
      <Tabs
        id={tabsId}
        label={t('form.tabs')}
        tabs={TABS.map((key) => ({ key, label: key === 'variables' ? t('form.tab.variablesCount', { n: draft.placements.length }) : t(`form.tab.${key}`), marked: marked.has(key) }))}
        selected={tab}
        onSelect={(key) => setTab(key as Tab)}
      />
      <TabPanel id={tabsId} tab="data" selected={tab} keepMounted>
        <div className="vk-form__grid">
          <SelectField ctx={ctx} field="type" label={t('fields.type')} value={draft.type} empty={ui('form.choose')} options={typeOptions} required onChange={(type) => set({ type })} />
          <InputField ctx={ctx} field="name" label={t('fields.name')} value={draft.name} maxLength={MAX_NAME} required onChange={(name) => set({ name })} />
          <CheckField ctx={ctx} field="dgt_register" label={t('fields.dgt_register')} checked={draft.dgt_register} hint={t('form.dgtHint')} onChange={(dgt_register) => set({ dgt_register })} />
        </div>
        <NotesField ctx={ctx} field="description" label={t('fields.description')} value={draft.description} maxLength={MAX_DESCRIPTION} onChange={(description) => set({ description })} />
        <CoverField ctx={ctx} api={api} label={t('fields.cover_file_id')} fileId={draft.cover_file_id} onChange={(cover_file_id) => set({ cover_file_id })} />
        <PdfField
          ctx={ctx}
          api={api}
          label={t('fields.pdf_file_id')}
          fileId={draft.pdf_file_id}
          fileName={draft.pdf_name}
          onChange={(file) => set({ pdf_file_id: file?.file_id ?? null, pdf_name: file?.name ?? null })}
        />
      </TabPanel>
      <TabPanel id={tabsId} tab="variables" selected={tab} keepMounted>
        {draft.pdf_file_id === null && (
          <p className="vk-alert vk-alert--info" role="status" data-testid="placements-no-pdf">
            {t('placements.noPdf')}
          </p>
        )}
        {pageCount !== null && (
          <p className="muted" data-testid="pdf-pages">
            {t('placements.pages', { count: pageCount })}
          </p>
        )}
        <PlacementsField ctx={ctx} value={draft.placements} pages={pageCount} onChange={changePlacements} />
      </TabPanel>
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
