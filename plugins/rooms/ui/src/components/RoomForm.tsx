import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckListField, FormMessages, InputField, NotesField, SelectField, SubmitActions, UI_NAMESPACE, indexedFieldErrors, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Room, RoomFields, RoomsApi, StaffMember } from '../api';
import { MAX_DESCRIPTION, MAX_NAME } from '../lists';
import { endsAfterStart } from '../format';
import { DateTimeField } from './DateTimeField';
import { StudentsField, type ChosenStudent } from './StudentsField';

export const ROOM_FIELDS = ['name', 'description', 'teacher_id', 'starts_at', 'ends_at', 'member_ids', 'student_ids'] as const;

/** What the form sends: the room's fields but its branch (the caller's on a create, never changed here). */
export type RoomBody = Omit<RoomFields, 'branch_id'>;

export interface RoomDraft {
  name: string;
  description: string;
  /** '' for none. */
  teacher_id: string;
  /** `YYYY-MM-DDTHH:MM` or ''. */
  starts_at: string;
  ends_at: string;
  /** The members' user ids, in the order chosen. */
  member_ids: string[];
  students: ChosenStudent[];
}

export function roomDraft(room: Room | null): RoomDraft {
  const nameOf = new Map((room?.students ?? []).map((s) => [s.contact_id, s.name]));
  return {
    name: room?.name ?? '',
    description: room?.description ?? '',
    teacher_id: room?.teacher_id ? String(room.teacher_id) : '',
    starts_at: (room?.starts_at ?? '').slice(0, 16),
    ends_at: (room?.ends_at ?? '').slice(0, 16),
    member_ids: (room?.member_ids ?? []).map(String),
    students: (room?.student_ids ?? []).map((id) => ({ contact_id: id, name: nameOf.get(id) ?? String(id) })),
  };
}

/** The body to send (text trimmed, empty values as null), or null when the name is missing. */
export function roomBody(draft: RoomDraft): RoomBody | null {
  const name = draft.name.trim();
  if (!name) return null;
  return {
    name,
    description: draft.description.trim(),
    teacher_id: draft.teacher_id ? Number(draft.teacher_id) : null,
    starts_at: draft.starts_at || null,
    ends_at: draft.ends_at || null,
    // as the host keeps them: sorted, the teacher not among the members
    member_ids: draft.member_ids
      .map(Number)
      .filter((id) => String(id) !== draft.teacher_id)
      .sort((a, b) => a - b),
    student_ids: draft.students.map((s) => s.contact_id).sort((a, b) => a - b),
  };
}

/** The fields the host requires besides the name (README "Records": room), empty in the draft. */
export function missingFields(draft: RoomDraft): ('teacher_id' | 'starts_at' | 'ends_at')[] {
  return (['teacher_id', 'starts_at', 'ends_at'] as const).filter((field) => !draft[field]);
}

/**
 * The staff to offer: the directory's, by name, and the room's own teacher and members when they
 * are not among them (while it is read, when it cannot be, or a user no longer active).
 */
export function staffOptions(staff: StaffMember[] | null, room: Room | null): { value: string; label: string }[] {
  const options = (staff ?? []).map((s) => ({ value: String(s.user_id), label: s.name }));
  const add = (id: number | null | undefined, name: string | null | undefined) => {
    if (id && !options.some((o) => o.value === String(id))) options.push({ value: String(id), label: name || String(id) });
  };
  add(room?.teacher_id, room?.teacher_name);
  for (const m of room?.members ?? []) add(m.user_id, m.name);
  return options;
}

/**
 * A room's data: name, teacher (one of the staff), start and end (day and hour, the end after the
 * start), all four required; description, the members (the staff but the teacher, as check
 * boxes) and the students (contacts found with the contacts plugin's finder). The host's errors
 * go under their field (a refused member's under the list, named).
 */
export function RoomForm({
  api,
  room,
  staff,
  staffFailed,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  api: RoomsApi;
  room: Room | null;
  staff: StaffMember[] | null;
  /** The staff could not be read: the host's reason ('' when it gave none). */
  staffFailed: string | null;
  label: string;
  submitLabel: string;
  onSubmit(body: RoomBody): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const options = staffOptions(staff, room);
  // the body last sent: the host's `member_ids[i]` points into it
  const sent = useRef<RoomBody | null>(null);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => roomDraft(room), {
    fields: ROOM_FIELDS,
    toBody: roomBody,
    required: 'name',
    validate: (d) => ({
      ...(endsAfterStart(d.starts_at, d.ends_at) ? {} : { ends_at: t('rooms.errors.endsBeforeStart') }),
      ...Object.fromEntries(missingFields(d).map((field) => [field, ui('form.required')])),
    }),
    // the host names a member it refuses as `member_ids[i]`: under the list
    explain: (failure) => indexedFieldErrors(failure, 'member_ids', (i) => options.find((o) => o.value === String(sent.current?.member_ids[i]))?.label),
    onSubmit: (body: RoomBody) => {
      sent.current = body;
      return onSubmit(body);
    },
    fallback: t('actionError'),
    disabled,
  });

  return (
    <form className="vk-form rooms-form" aria-label={label} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="room-errors" />
      {staffFailed !== null && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="staff-failed">
          {staffFailed ? t('rooms.form.staffFailedWhy', { reason: staffFailed }) : t('rooms.form.staffFailed')}
        </p>
      )}
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('rooms.fields.name')} value={draft.name} maxLength={MAX_NAME} required onChange={(name) => set({ name })} />
        <SelectField
          ctx={ctx}
          field="teacher_id"
          label={t('rooms.fields.teacher_id')}
          value={draft.teacher_id}
          empty={t('rooms.form.noTeacher')}
          options={options}
          required
          onChange={(teacher_id) => set({ teacher_id, member_ids: draft.member_ids.filter((id) => id !== teacher_id) })}
        />
        <DateTimeField ctx={ctx} field="starts_at" label={t('rooms.fields.starts_at')} value={draft.starts_at} required onChange={(starts_at) => set({ starts_at })} />
        <DateTimeField ctx={ctx} field="ends_at" label={t('rooms.fields.ends_at')} value={draft.ends_at} required onChange={(ends_at) => set({ ends_at })} />
      </div>
      <NotesField ctx={ctx} field="description" maxLength={MAX_DESCRIPTION} label={t('rooms.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <CheckListField
        ctx={ctx}
        field="member_ids"
        label={t('rooms.fields.member_ids')}
        options={options.filter((o) => o.value !== draft.teacher_id)}
        value={draft.member_ids}
        empty={t('rooms.form.noStaff')}
        hint={t('rooms.form.membersHint')}
        onChange={(member_ids) => set({ member_ids })}
      />
      <StudentsField api={api} ctx={ctx} field="student_ids" value={draft.students} onChange={(students) => set({ students })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
