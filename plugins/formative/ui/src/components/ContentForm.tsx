import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SelectField, SubmitActions, UI_NAMESPACE, indexedFieldErrors, useDraftForm, useLoad, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Content, ContentFields, ContentStatus, FormativeApi } from '../api';
import { DEFAULT_ACCESS_DAYS, MAX_ACCESS_DAYS, MAX_CATEGORY, MAX_DESCRIPTION, MAX_HOURS, MAX_NAME, MAX_SYLLABI, MIN_ACCESS_DAYS, STATUSES } from '../lists';
import { parseWhole, temaryRefusal, textOf } from '../format';
import { SyllabiField, type ChosenSyllabus } from './SyllabiField';

export const CONTENT_FIELDS = ['name', 'description', 'category', 'hours', 'access_days', 'temary_ids', 'status'] as const;

/** What the form sends: every field (an update sends only those that changed). */
export type ContentBody = ContentFields;

export interface ContentDraft {
  name: string;
  description: string;
  category: string;
  /** Whole numbers as typed. */
  hours: string;
  access_days: string;
  syllabi: ChosenSyllabus[];
  status: ContentStatus;
}

/** A syllabus of a content by its name, or "Temario 7 (eliminado)" for one deleted since. */
export type SyllabusNamer = (syllabus: { id: number; name?: string; state?: string }) => string;

export function contentDraft(content: Content | null, nameOf: SyllabusNamer): ContentDraft {
  const syllabi = new Map((content?.syllabi ?? []).map((s) => [s.id, s]));
  return {
    name: content?.name ?? '',
    description: content?.description ?? '',
    category: content?.category ?? '',
    hours: textOf(content?.hours),
    access_days: content ? textOf(content.access_days) : String(DEFAULT_ACCESS_DAYS),
    syllabi: (content?.temary_ids ?? content?.syllabi.map((s) => s.id) ?? []).map((id) => ({ id, name: nameOf(syllabi.get(id) ?? { id }) })),
    status: content?.status ?? 'developing',
  };
}

/** The body to send (text trimmed), or null when the name is missing. */
export function contentBody(draft: ContentDraft): ContentBody | null {
  const name = draft.name.trim();
  if (!name) return null;
  return {
    name,
    description: draft.description.trim(),
    category: draft.category.trim(),
    // checked before sending (`validate`): whole numbers within the host's limits
    hours: parseWhole(draft.hours) ?? 0,
    access_days: parseWhole(draft.access_days) ?? DEFAULT_ACCESS_DAYS,
    temary_ids: draft.syllabi.map((s) => s.id),
    status: draft.status,
  };
}

/**
 * A content's data: name, hours (0 to 1000) and days of access (1 to 1095, 90 on a new one),
 * required; description, category, its syllabi (1 to 20, in order, from the temary module's list) and status. The
 * host's errors go under their field; a refused syllabus (`temary_ids[1]`) is named under the
 * list; the temary module off (`CONFLICT-000`) is said above the form.
 */
export function ContentForm({
  api,
  content,
  nameOf,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  api: FormativeApi;
  content: Content | null;
  nameOf: SyllabusNamer;
  label: string;
  submitLabel: string;
  onSubmit(body: ContentBody): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  // the syllabi to choose from; the temary module off (or no permission) said in Spanish
  const loadTemaries = useCallback(
    () =>
      api.temaries.list().catch((failure: unknown) => {
        const why = temaryRefusal(failure);
        throw why ? { code: 'TEMARY', data: null, details: t(`syllabi.refused.${why}`) } : failure;
      }),
    [api, t],
  );
  const temaries = useLoad(loadTemaries);
  // the body last sent: the host's `temary_ids[i]` points into it
  const sent = useRef<ContentBody | null>(null);
  const names = useRef(new Map<number, string>());
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<ContentDraft, ContentBody>(() => contentDraft(content, nameOf), {
    fields: CONTENT_FIELDS,
    toBody: contentBody,
    required: 'name',
    validate: (d): FieldErrors => {
      const messages: FieldErrors = {};
      const hours = parseWhole(d.hours);
      if (!d.hours.trim()) messages.hours = ui('form.required');
      else if (hours === null || hours > MAX_HOURS) messages.hours = t('contents.errors.hours', { max: MAX_HOURS });
      const days = parseWhole(d.access_days);
      if (!d.access_days.trim()) messages.access_days = ui('form.required');
      else if (days === null || days < MIN_ACCESS_DAYS || days > MAX_ACCESS_DAYS) messages.access_days = t('contents.errors.accessDays', { min: MIN_ACCESS_DAYS, max: MAX_ACCESS_DAYS });
      if (d.syllabi.length === 0) messages.temary_ids = t('contents.errors.noSyllabi');
      else if (d.syllabi.length > MAX_SYLLABI) messages.temary_ids = t('contents.errors.tooManySyllabi', { max: MAX_SYLLABI });
      return messages;
    },
    explain: (failure) => indexedFieldErrors(failure, 'temary_ids', (i) => names.current.get(sent.current?.temary_ids[i] ?? 0)),
    onSubmit: (body: ContentBody) => {
      sent.current = body;
      return onSubmit(body);
    },
    fallback: t('actionError'),
  });
  names.current = new Map(draft.syllabi.map((s) => [s.id, s.name]));

  return (
    <form className="vk-form formative-form" aria-label={label} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="content-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('contents.fields.name')} value={draft.name} maxLength={MAX_NAME} required onChange={(name) => set({ name })} />
        <InputField ctx={ctx} field="category" label={t('contents.fields.category')} value={draft.category} maxLength={MAX_CATEGORY} hint={t('contents.form.categoryHint')} onChange={(category) => set({ category })} />
        <InputField ctx={ctx} field="hours" label={t('contents.fields.hours')} value={draft.hours} inputMode="numeric" required hint={t('contents.form.hoursHint')} onChange={(hours) => set({ hours })} />
        <InputField ctx={ctx} field="access_days" label={t('contents.fields.access_days')} value={draft.access_days} inputMode="numeric" required hint={t('contents.form.accessDaysHint')} onChange={(access_days) => set({ access_days })} />
        <SelectField
          ctx={ctx}
          field="status"
          label={t('contents.fields.status')}
          value={draft.status}
          options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          hint={t('contents.form.statusHint')}
          onChange={(status) => set({ status: status as ContentStatus })}
        />
      </div>
      <NotesField ctx={ctx} field="description" maxLength={MAX_DESCRIPTION} label={t('contents.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <SyllabiField ctx={ctx} field="temary_ids" value={draft.syllabi} onChange={(syllabi) => set({ syllabi })} temaries={temaries} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
