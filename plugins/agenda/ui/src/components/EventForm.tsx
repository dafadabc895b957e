import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, FormMessages, InputField, NotesField, SelectField, SubmitActions, UI_NAMESPACE, errorList, fieldId, namedField, useFieldErrors, type ApiErrorItem, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { EventFields, ScheduleEvent, StaffMember } from '../api';
import { staffOptions } from '../useStaff';
import { REMINDERS } from '../lists';

export const EVENT_FIELDS = ['title', 'date', 'start_time', 'end_time', 'place', 'description', 'user_ids', 'reminder_minutes'] as const;
type EventField = (typeof EVENT_FIELDS)[number];

/** An event's fields as the form holds them. */
export interface EventDraft {
  title: string;
  date: string;
  start_time: string;
  end_time: string;
  place: string;
  description: string;
  user_ids: number[];
  /** The reminder select's value: minutes as text, '' for none. */
  reminder_minutes: string;
}

/** The catalogue key of a reminder in words ("30 minutos antes", "Sin recordatorio"). */
export function reminderKey(minutes: number | null): string {
  if (minutes === null) return 'events.reminder.none';
  return (REMINDERS as readonly number[]).includes(minutes) ? `events.reminder.${minutes}` : 'events.reminder.minutes';
}

export function eventDraft(event: ScheduleEvent | null, date: string): EventDraft {
  return {
    title: event?.title ?? '',
    date: event?.date ?? date,
    start_time: event?.start_time ?? '',
    end_time: event?.end_time ?? '',
    place: event?.place ?? '',
    description: event?.description ?? '',
    user_ids: event ? [...event.user_ids] : [],
    reminder_minutes: event?.reminder_minutes == null ? '' : String(event.reminder_minutes),
  };
}

export type EventProblem = 'required' | 'endNeedsStart' | 'endAfterStart';
export type EventBodyResult = { body: EventFields } | { field: EventField; problem: EventProblem };

/**
 * The body to send, or the first field the form refuses (README: title and date required; an end
 * needs a start and comes after it). No start: all day (null). The people go in ascending order:
 * the host sorts them before checking, so its `user_ids[i]` names the i-th of this list. No
 * reminder: null.
 */
export function eventBody(draft: EventDraft): EventBodyResult {
  const title = draft.title.trim();
  if (!title) return { field: 'title', problem: 'required' };
  if (!draft.date) return { field: 'date', problem: 'required' };
  const start = draft.start_time.trim();
  const end = draft.end_time.trim();
  if (end && !start) return { field: 'end_time', problem: 'endNeedsStart' };
  // `HH:MM` compares as text
  if (start && end && end <= start) return { field: 'end_time', problem: 'endAfterStart' };
  return {
    body: {
      title,
      date: draft.date,
      start_time: start || null,
      end_time: end || null,
      place: draft.place.trim(),
      description: draft.description.trim(),
      user_ids: [...new Set(draft.user_ids)].sort((a, b) => a - b),
      reminder_minutes: draft.reminder_minutes === '' ? null : Number(draft.reminder_minutes),
    },
  };
}

/**
 * The host's errors with those about one person of the list (`user_ids[1]`) moved to the people
 * field, the person named: "Ana García: El usuario no es un usuario activo de la empresa".
 */
export function peopleErrors(failure: unknown, sent: number[], nameOf: (id: number) => string): ApiErrorItem[] {
  return errorList(failure).map((item) => {
    const match = /^user_ids\[(\d+)\]$/.exec(namedField(item) ?? '');
    if (!match) return item;
    const id = sent[Number(match[1])];
    return { ...item, data: { field: 'user_ids' }, details: id === undefined ? item.details : `${nameOf(id)}: ${item.details}` };
  });
}

/**
 * Whom the event concerns: a check box per member of staff (`GET schedule/staff`), and those
 * already on the event who are not among them. Without the staff only those can be unticked.
 */
function PeopleField({ ctx, options, chosen, onChange, failed }: { ctx: FormContext; options: { value: string; label: string }[]; chosen: number[]; onChange(ids: number[]): void; failed: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const error = ctx.errors.errors.user_ids;
  const id = fieldId(ctx.formId, 'user_ids');
  return (
    <fieldset className="vk-field vk-field--wide agenda-people" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="event-people">
      <legend className="vk-label">{t('events.fields.user_ids')}</legend>
      {options.length > 0 ? (
        <ul className="agenda-people__list">
          {options.map((o) => {
            const userId = Number(o.value);
            return (
              <li key={o.value}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(userId)}
                    disabled={ctx.disabled}
                    onChange={(ev) => onChange(ev.target.checked ? [...chosen, userId] : chosen.filter((x) => x !== userId))}
                  />
                  {o.label}
                </label>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t('events.form.noPeople')}</p>
      )}
      {failed && (
        <small className="muted" data-testid="staff-failed">
          {t('staffFailed')}
        </small>
      )}
      <FieldErrorMessage form={ctx.formId} field="user_ids" error={error} />
    </fieldset>
  );
}

/**
 * An event's data: title, day, start and end (none: all day), place, the reminder, description
 * and the people it concerns. The host's errors go under the field they name (`user_ids[i]`
 * under the people).
 */
export function EventForm({
  event,
  date,
  staff,
  staffFailed,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  event: ScheduleEvent | null;
  /** A new event's day. */
  date: string;
  staff: StaffMember[] | null;
  staffFailed: boolean;
  label: string;
  submitLabel: string;
  onSubmit(body: EventFields): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<EventDraft>(() => eventDraft(event, date));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, EVENT_FIELDS);
  const set = (patch: Partial<EventDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy || disabled };
  const unnamed = (id: number) => t('userNumber', { id });
  const options = staffOptions(staff, event?.users ?? [], unnamed);
  const nameOf = (id: number) => options.find((o) => o.value === String(id))?.label ?? unnamed(id);
  const reminders: { value: string; label: string }[] = REMINDERS.map((m) => ({ value: String(m), label: t(reminderKey(m)) }));
  // a value the list does not offer (stored before it changed) stays shown as it is
  if (draft.reminder_minutes !== '' && !reminders.some((o) => o.value === draft.reminder_minutes)) {
    const minutes = Number(draft.reminder_minutes);
    reminders.push({ value: draft.reminder_minutes, label: t(reminderKey(minutes), { minutes }) });
  }

  async function submit() {
    errors.reset();
    const result = eventBody(draft);
    if ('field' in result) {
      errors.setErrors({ [result.field]: result.problem === 'required' ? ui('form.required') : t(`events.form.${result.problem}`) });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.body);
    } catch (failure) {
      errors.fail(peopleErrors(failure, result.body.user_ids, nameOf), t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form agenda-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="event-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('events.fields.title')} value={draft.title} maxLength={200} required onChange={(title) => set({ title })} />
        <InputField ctx={ctx} field="date" type="date" label={t('events.fields.date')} value={draft.date} required onChange={(value) => set({ date: value })} />
        <InputField ctx={ctx} field="start_time" type="time" label={t('events.fields.start_time')} value={draft.start_time} hint={t('events.form.allDayHint')} onChange={(start_time) => set({ start_time })} />
        <InputField ctx={ctx} field="end_time" type="time" label={t('events.fields.end_time')} value={draft.end_time} onChange={(end_time) => set({ end_time })} />
        <InputField ctx={ctx} field="place" label={t('events.fields.place')} value={draft.place} maxLength={200} onChange={(place) => set({ place })} />
        <SelectField
          ctx={ctx}
          field="reminder_minutes"
          label={t('events.fields.reminder_minutes')}
          value={draft.reminder_minutes}
          onChange={(reminder_minutes) => set({ reminder_minutes })}
          empty={t('events.reminder.none')}
          options={reminders}
          hint={t('events.form.reminderHint')}
        />
      </div>
      <NotesField ctx={ctx} field="description" label={t('events.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <PeopleField ctx={ctx} options={options} chosen={draft.user_ids} failed={staffFailed} onChange={(user_ids) => set({ user_ids })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
