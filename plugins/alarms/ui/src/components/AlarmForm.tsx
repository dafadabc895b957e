import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, CheckListField, FormMessages, InputField, NotesField, SelectField, SubmitActions, UI_NAMESPACE, indexedFieldErrors, useDraftForm, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Alarm, AlarmFields, AlarmGroup, Repeat, StaffMember } from '../api';
import { MAX_DESCRIPTION, MAX_LINK, MAX_PEOPLE, MAX_TITLE, REPEATS } from '../lists';
import { charCount, isoDate, sortedIds } from '../format';
import { staffOptions } from '../people';

export const ALARM_FIELDS = ['title', 'description', 'group_id', 'date', 'time', 'repeat', 'user_ids', 'send_mail', 'link'] as const;
export type AlarmField = (typeof ALARM_FIELDS)[number];

/** An alarm's fields as the form holds them (the group and the people as the inputs' values). */
export interface AlarmDraft {
  title: string;
  description: string;
  /** '' for none. */
  group_id: string;
  date: string;
  time: string;
  repeat: Repeat;
  user_ids: string[];
  send_mail: boolean;
  link: string;
}

/** A new alarm goes off once, on `day`, for the caller (no one ticked), without e-mail. */
export function alarmDraft(alarm: Alarm | null, day: string): AlarmDraft {
  if (!alarm) return { title: '', description: '', group_id: '', date: day, time: '', repeat: 'none', user_ids: [], send_mail: false, link: '' };
  const fields = alarmFields(alarm);
  return { ...fields, group_id: fields.group_id === null ? '' : String(fields.group_id), user_ids: fields.user_ids.map(String) };
}

/** A stored alarm's fields as the form sends them, to tell what an update changes. */
export function alarmFields(alarm: Alarm): AlarmFields {
  return {
    title: alarm.title,
    description: alarm.description ?? '',
    group_id: alarm.group_id ?? null,
    date: isoDate(alarm.date),
    time: alarm.time,
    repeat: alarm.repeat ?? 'none',
    user_ids: sortedIds(alarm.user_ids ?? []),
    send_mail: Boolean(alarm.send_mail),
    link: alarm.link ?? '',
  };
}

/**
 * The body to send, or null without a title. The people go in ascending order without repeats,
 * so the host's `user_ids[i]` names the i-th of this list whether it sorts them or not.
 */
export function alarmBody(draft: AlarmDraft): AlarmFields | null {
  const title = draft.title.trim();
  if (!title) return null;
  return {
    title,
    description: draft.description.trim(),
    group_id: draft.group_id ? Number(draft.group_id) : null,
    date: draft.date,
    time: draft.time,
    repeat: draft.repeat,
    user_ids: sortedIds(draft.user_ids.map(Number)),
    send_mail: draft.send_mail,
    link: draft.link.trim(),
  };
}

/** A create leaves out what has no value (no group, no link): the host's defaults apply. */
export function createBody(body: AlarmFields): Partial<AlarmFields> {
  const { group_id, link, ...rest } = body;
  return { ...rest, ...(group_id !== null ? { group_id } : {}), ...(link ? { link } : {}) };
}

export type AlarmProblem = { problem: 'required' } | { problem: 'maxLength'; count: number } | { problem: 'linkSlash' } | { problem: 'tooManyPeople'; count: number };

/**
 * What the form refuses before sending (README "Alarms"): date and time required, the texts'
 * lengths (title 150, description 2000, link 300), a link that does not start with `/`, more than
 * 100 people. An empty title is `toBody`'s (the kit's "Este campo es obligatorio").
 */
export function alarmProblems(draft: AlarmDraft): Partial<Record<AlarmField, AlarmProblem>> {
  const problems: Partial<Record<AlarmField, AlarmProblem>> = {};
  if (charCount(draft.title.trim()) > MAX_TITLE) problems.title = { problem: 'maxLength', count: MAX_TITLE };
  if (charCount(draft.description.trim()) > MAX_DESCRIPTION) problems.description = { problem: 'maxLength', count: MAX_DESCRIPTION };
  if (!draft.date) problems.date = { problem: 'required' };
  if (!draft.time) problems.time = { problem: 'required' };
  const link = draft.link.trim();
  if (link && !link.startsWith('/')) problems.link = { problem: 'linkSlash' };
  else if (charCount(link) > MAX_LINK) problems.link = { problem: 'maxLength', count: MAX_LINK };
  if (new Set(draft.user_ids).size > MAX_PEOPLE) problems.user_ids = { problem: 'tooManyPeople', count: MAX_PEOPLE };
  return problems;
}

/**
 * An alarm's data: title, description, group, day and time (peninsula time), repetition, the
 * people it names (a check box per member of staff, `GET alarma/staff`), "Enviar también por
 * correo" and the link its notice opens. The host's errors go under the field they name
 * (`user_ids[i]` under the people, the person named).
 */
export function AlarmForm({
  alarm,
  day,
  staff,
  staffFailed,
  groups,
  groupsFailed = false,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  alarm: Alarm | null;
  /** A new alarm's day. */
  day: string;
  staff: StaffMember[] | null;
  staffFailed: boolean;
  /** null while they are read (or when they cannot be): only the alarm's own group is offered. */
  groups: AlarmGroup[] | null;
  groupsFailed?: boolean;
  label: string;
  submitLabel: string;
  onSubmit(body: AlarmFields): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const unnamed = (id: number) => t('userNumber', { id });
  const people = staffOptions(staff, alarm?.users ?? [], unnamed);
  const nameOf = (id: number | undefined) => (id === undefined ? undefined : (people.find((o) => o.value === String(id))?.label ?? unnamed(id)));
  // the people of the last body sent: the host's `user_ids[i]` is the i-th of them
  const sent = useRef<number[]>([]);

  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => alarmDraft(alarm, day), {
    fields: ALARM_FIELDS,
    toBody: alarmBody,
    required: 'title',
    validate: (d) => {
      const messages: FieldErrors = {};
      for (const [field, p] of Object.entries(alarmProblems(d))) {
        if (!p) continue;
        messages[field] = p.problem === 'required' ? ui('form.required') : p.problem === 'linkSlash' ? t('form.linkSlash') : p.problem === 'maxLength' ? t('form.maxLength', { count: p.count }) : t('form.tooManyPeople', { count: p.count });
      }
      return messages;
    },
    onSubmit: (body) => {
      sent.current = body.user_ids;
      return onSubmit(body);
    },
    explain: (failure) => indexedFieldErrors(failure, 'user_ids', (i) => nameOf(sent.current[i])),
    fallback: t('actionError'),
    disabled,
  });

  const groupOptions = (groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  if (alarm?.group && !groupOptions.some((o) => o.value === String(alarm.group!.id))) groupOptions.push({ value: String(alarm.group.id), label: alarm.group.name });
  else if (alarm?.group_id && !alarm.group && !groupOptions.some((o) => o.value === String(alarm.group_id))) groupOptions.push({ value: String(alarm.group_id), label: t('noGroup') });

  return (
    <form className="vk-form alarms-form" aria-label={label} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="alarm-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} value={draft.title} maxLength={MAX_TITLE} required onChange={(title) => set({ title })} />
        <SelectField ctx={ctx} field="group_id" label={t('fields.group_id')} value={draft.group_id} empty={t('noGroup')} options={groupOptions} onChange={(group_id) => set({ group_id })} hint={groupsFailed ? t('groupsFailed') : undefined} />
        <InputField ctx={ctx} field="date" type="date" label={t('fields.date')} value={draft.date} required onChange={(date) => set({ date })} />
        <InputField ctx={ctx} field="time" type="time" label={t('fields.time')} value={draft.time} required hint={t('form.timeHint')} onChange={(time) => set({ time })} />
        <SelectField ctx={ctx} field="repeat" label={t('fields.repeat')} value={draft.repeat} options={REPEATS.map((r) => ({ value: r, label: t(`repeat.${r}`) }))} onChange={(repeat) => set({ repeat: repeat as Repeat })} />
        <InputField ctx={ctx} field="link" label={t('fields.link')} value={draft.link} maxLength={MAX_LINK} hint={t('form.linkHint')} onChange={(link) => set({ link })} />
      </div>
      <NotesField ctx={ctx} field="description" label={t('fields.description')} value={draft.description} maxLength={MAX_DESCRIPTION} onChange={(description) => set({ description })} />
      <CheckListField
        ctx={ctx}
        field="user_ids"
        label={t('fields.user_ids')}
        options={people}
        value={draft.user_ids}
        onChange={(user_ids) => set({ user_ids })}
        empty={t('form.noPeople')}
        hint={staffFailed ? t('staffFailed') : t('form.peopleHint')}
      />
      <CheckField ctx={ctx} field="send_mail" label={t('fields.send_mail')} checked={draft.send_mail} onChange={(send_mail) => set({ send_mail })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
