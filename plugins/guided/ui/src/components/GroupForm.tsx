import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SelectField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Book, Branch, GroupDetail, GroupFields, RecordState, StaffMember } from '../api';
import { idOf, textOf } from '../format';
import { DEFAULT_LICENCE, GROUP_STATES, LICENCES, MAX_DESCRIPTION, MAX_NAME } from '../lists';
import { withCurrent } from './useHostLists';

/** Every field the form may show (the host names them in its errors). */
export const GROUP_FIELDS = ['name', 'licence', 'temary_id', 'branch_id', 'teacher_user_id', 'description', 'starts_on', 'ends_on', 'state'] as const;

/** A group's fields as the form holds them (ids as text, '' for none). */
export interface GroupDraft {
  name: string;
  licence: string;
  temary_id: string;
  branch_id: string;
  teacher_user_id: string;
  description: string;
  starts_on: string;
  ends_on: string;
  state: string;
}

/** What the form sends: the fields, with null for what is not set. */
export type GroupBody = GroupFields & { state?: Exclude<RecordState, 'deleted'> };

/** The draft of a group (a new one: licence B, active). */
export function groupDraft(group: GroupDetail | null): GroupDraft {
  return {
    name: group?.name ?? '',
    licence: group?.licence ?? DEFAULT_LICENCE,
    temary_id: textOf(group?.temary_id),
    branch_id: textOf(group?.branch_id),
    teacher_user_id: textOf(group?.teacher_user_id),
    description: group?.description ?? '',
    starts_on: group?.starts_on ?? '',
    ends_on: group?.ends_on ?? '',
    state: group?.state === 'inactive' ? 'inactive' : 'active',
  };
}

/** The fields to send (texts trimmed, empty ones null); null without a name. */
export function groupBody(draft: GroupDraft, withState: boolean): GroupBody | null {
  const name = draft.name.trim();
  if (!name) return null;
  return {
    name,
    licence: draft.licence,
    temary_id: idOf(draft.temary_id),
    branch_id: idOf(draft.branch_id),
    teacher_user_id: idOf(draft.teacher_user_id),
    description: draft.description.trim(),
    starts_on: draft.starts_on || null,
    ends_on: draft.ends_on || null,
    ...(withState ? { state: draft.state === 'inactive' ? ('inactive' as const) : ('active' as const) } : {}),
  };
}

/** A group as `changedFields` compares it with the form's body. */
export function groupAsSent(group: GroupDetail): GroupBody {
  return {
    name: group.name,
    licence: group.licence,
    temary_id: group.temary_id ?? null,
    branch_id: group.branch_id ?? null,
    teacher_user_id: group.teacher_user_id ?? null,
    description: group.description ?? '',
    starts_on: group.starts_on ?? null,
    ends_on: group.ends_on ?? null,
    state: group.state === 'inactive' ? 'inactive' : 'active',
  };
}

/**
 * A group's form: name (required), licence (the 18 classes), the digital book it follows (the
 * published books; "Sin libro"), its branch (only with more than one), its teacher (the staff;
 * "Sin profesor"), description and dates (the end not before the start, checked first); a saved
 * group also its state (active or inactive). The host's errors go under their fields, the rest
 * above the form; `resets` empties it once sent.
 */
export function GroupForm({
  group,
  books,
  booksFailed,
  branches,
  staff,
  label,
  submitLabel,
  onSubmit,
  extra,
  resets = false,
  testId,
}: {
  group: GroupDetail | null;
  /** null while asking, or when the books cannot be read (`booksFailed`: the host's message). */
  books: Book[] | null;
  booksFailed: string | null;
  branches: Branch[];
  staff: StaffMember[] | null;
  label: string;
  submitLabel: string;
  onSubmit(body: GroupBody): Promise<unknown>;
  extra?: ReactNode;
  resets?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const bookOptions = withCurrent(
    (books ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    { id: group?.temary_id, name: group?.book?.name },
    t('books.unnamed', { id: group?.temary_id }),
  );
  const branchOptions = withCurrent(
    branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name })),
    { id: group?.branch_id, name: group?.branch },
    t('groups.form.branchUnnamed', { id: group?.branch_id }),
  );
  // a business with one branch: no choice (the host puts the caller's)
  const showBranch = branches.length > 0;
  const teacherOptions = withCurrent(
    (staff ?? []).map((m) => ({ value: String(m.user_id), label: m.name })),
    { id: group?.teacher_user_id, name: group?.teacher },
    t('groups.form.teacherUnnamed', { id: group?.teacher_user_id }),
  );
  const initial = groupDraft(group);
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<GroupDraft, GroupBody>(initial, {
    // only the fields shown: a host error about another goes above the form
    fields: GROUP_FIELDS.filter((f) => (f !== 'branch_id' || showBranch) && (f !== 'state' || group !== null)),
    toBody: (d) => groupBody(d, group !== null),
    required: 'name',
    validate: (d) => ({ ends_on: d.starts_on && d.ends_on && d.ends_on < d.starts_on ? t('groups.form.endsBeforeStarts') : undefined }),
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
        <InputField ctx={ctx} field="name" label={t('fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
        <SelectField ctx={ctx} field="licence" label={t('fields.licence')} required options={LICENCES.map((l) => ({ value: l, label: l }))} value={draft.licence} onChange={(licence) => set({ licence })} />
        <SelectField
          ctx={ctx}
          field="temary_id"
          label={t('fields.book')}
          empty={t('groups.form.noBook')}
          hint={booksFailed !== null ? booksFailed || t('books.unavailable') : undefined}
          options={bookOptions}
          value={draft.temary_id}
          onChange={(temary_id) => set({ temary_id })}
        />
        {showBranch && (
          <SelectField
            ctx={ctx}
            field="branch_id"
            label={t('fields.branch')}
            empty={group ? undefined : t('groups.form.ownBranch')}
            options={branchOptions}
            value={draft.branch_id}
            onChange={(branch_id) => set({ branch_id })}
          />
        )}
        <SelectField ctx={ctx} field="teacher_user_id" label={t('fields.teacher')} empty={t('groups.form.noTeacher')} options={teacherOptions} value={draft.teacher_user_id} onChange={(teacher_user_id) => set({ teacher_user_id })} />
        {group && (
          <SelectField ctx={ctx} field="state" label={t('fields.state')} options={GROUP_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} value={draft.state} onChange={(state) => set({ state })} />
        )}
        <InputField ctx={ctx} field="starts_on" type="date" label={t('fields.starts_on')} value={draft.starts_on} onChange={(starts_on) => set({ starts_on })} />
        <InputField ctx={ctx} field="ends_on" type="date" label={t('fields.ends_on')} value={draft.ends_on} onChange={(ends_on) => set({ ends_on })} />
        <NotesField ctx={ctx} field="description" label={t('fields.description')} maxLength={MAX_DESCRIPTION} value={draft.description} onChange={(description) => set({ description })} />
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
