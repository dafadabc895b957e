import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SubmitActions, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ClassFields } from '../api';
import { parseWhole, textOf } from '../format';
import { DEFAULT_MINUTES, MAX_MINUTES, MAX_SUMMARY, MAX_TITLE, MIN_MINUTES } from '../lists';

/** Every field the form may show (the host names them in its errors). */
export const CLASS_FIELDS = ['title', 'position', 'scheduled_on', 'starts_at', 'minutes', 'summary'] as const;

/** A class's fields as the form holds them. */
export interface ClassDraft {
  title: string;
  /** A new class only: '' at the end. */
  position: string;
  scheduled_on: string;
  starts_at: string;
  minutes: string;
  summary: string;
}

/** What the form sends (`summary` only where the form shows it, `position` only when typed). */
export type ClassBody = Pick<ClassFields, 'title' | 'scheduled_on' | 'starts_at' | 'minutes'> & { summary?: string; position?: number };

/** The draft of a class (a new one: 60 minutes, at the end). */
export function classDraft(klass?: Partial<ClassFields> | null): ClassDraft {
  return {
    title: klass?.title ?? '',
    position: '',
    scheduled_on: klass?.scheduled_on ?? '',
    starts_at: klass?.starts_at ?? '',
    minutes: textOf(klass?.minutes ?? DEFAULT_MINUTES),
    summary: klass?.summary ?? '',
  };
}

/** The fields to send (texts trimmed, no date or time null, no minutes 60); null without a title. */
export function classBody(draft: ClassDraft, withSummary: boolean): ClassBody | null {
  const title = draft.title.trim();
  if (!title) return null;
  const minutes = parseWhole(draft.minutes) ?? DEFAULT_MINUTES;
  const position = parseWhole(draft.position);
  return {
    title,
    scheduled_on: draft.scheduled_on || null,
    starts_at: draft.starts_at || null,
    minutes,
    ...(withSummary ? { summary: draft.summary.trim() } : {}),
    ...(position !== null && position > 0 ? { position } : {}),
  };
}

/**
 * A class's form: title (required), the day and time (a time only with a day), its minutes (5 to
 * 480; 60 at first) and, where shown, what it is about (`withSummary`) and where it goes among
 * the group's classes (`withPosition`, a new one: at the end when empty). Checked first; the
 * host's errors go under their fields; `resets` empties it once sent.
 */
export function ClassForm({
  initial,
  withSummary = false,
  withPosition = false,
  label,
  submitLabel,
  onSubmit,
  extra,
  resets = false,
  testId,
}: {
  initial: ClassDraft;
  withSummary?: boolean;
  withPosition?: boolean;
  label: string;
  submitLabel: string;
  onSubmit(body: ClassBody): Promise<unknown>;
  extra?: ReactNode;
  resets?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  // only the fields shown: a host error about another goes above the form
  const fields = CLASS_FIELDS.filter((f) => (f !== 'summary' || withSummary) && (f !== 'position' || withPosition));
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<ClassDraft, ClassBody>(initial, {
    fields,
    toBody: (d) => classBody(d, withSummary),
    required: 'title',
    validate: (d) => {
      const minutes = d.minutes.trim() ? parseWhole(d.minutes) : DEFAULT_MINUTES;
      const position = d.position.trim();
      return {
        minutes: minutes === null || minutes < MIN_MINUTES || minutes > MAX_MINUTES ? t('classes.form.minutesRange', { min: MIN_MINUTES, max: MAX_MINUTES }) : undefined,
        starts_at: d.starts_at && !d.scheduled_on ? t('classes.form.timeWithoutDate') : undefined,
        position: position && !(parseWhole(position) ?? 0) ? ui('form.integer') : undefined,
      };
    },
    onSubmit: async (body) => {
      await onSubmit(body);
      if (resets) setDraft(initial);
    },
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form guided-form" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} required maxLength={MAX_TITLE} value={draft.title} onChange={(title) => set({ title })} />
        <InputField ctx={ctx} field="scheduled_on" type="date" label={t('fields.scheduled_on')} value={draft.scheduled_on} onChange={(scheduled_on) => set({ scheduled_on })} />
        <InputField ctx={ctx} field="starts_at" type="time" label={t('fields.starts_at')} value={draft.starts_at} onChange={(starts_at) => set({ starts_at })} />
        <InputField ctx={ctx} field="minutes" label={t('fields.minutes')} inputMode="numeric" maxLength={3} value={draft.minutes} onChange={(minutes) => set({ minutes })} />
        {withPosition && (
          <InputField ctx={ctx} field="position" label={t('fields.position')} hint={t('classes.form.positionHint')} inputMode="numeric" maxLength={4} value={draft.position} onChange={(position) => set({ position })} />
        )}
        {withSummary && <NotesField ctx={ctx} field="summary" label={t('fields.summary')} maxLength={MAX_SUMMARY} value={draft.summary} onChange={(summary) => set({ summary })} />}
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
