import { useTranslation } from 'react-i18next';
import { Dialog, FormMessages, InputField, SelectField, SubmitActions, UI_NAMESPACE, changedFields, useDraftForm, useToast, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Assignment, AssignmentChanges, FormativeApi } from '../api';
import { endsNotBefore, parseWhole, textOf } from '../format';
import { percentageError } from './AssignDialog';

export const ASSIGNMENT_FIELDS = ['starts_on', 'ends_on', 'percentage', 'state'] as const;

/** The states an assignment can be put in: open, or paused (its link shows the access paused). */
const STATES = ['active', 'inactive'] as const;

interface AssignmentDraft {
  starts_on: string;
  ends_on: string;
  percentage: string;
  state: 'active' | 'inactive';
}

const draftOf = (a: Assignment): AssignmentDraft => ({
  starts_on: a.starts_on ?? '',
  ends_on: a.ends_on ?? '',
  percentage: textOf(a.percentage),
  state: a.state === 'inactive' ? 'inactive' : 'active',
});

/** Every field the dialog shows, as the update takes them. */
function assignmentBody(d: AssignmentDraft): Required<AssignmentChanges> | null {
  if (!d.starts_on || !d.ends_on) return null;
  return { starts_on: d.starts_on, ends_on: d.ends_on, percentage: parseWhole(d.percentage) ?? 0, state: d.state };
}

/**
 * "Editar" an assignment: from and until, the share of the lessons open, and whether the access is
 * paused. `formative/assignment/update` gets the id and only what changed.
 */
export function AssignmentDialog({ api, assignment, onClose, onSaved }: { api: FormativeApi; assignment: Assignment; onClose(): void; onSaved(saved: Assignment): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => draftOf(assignment), {
    fields: ASSIGNMENT_FIELDS,
    toBody: assignmentBody,
    validate: (d): Partial<FieldErrors> => ({
      starts_on: d.starts_on ? undefined : ui('form.required'),
      ends_on: !d.ends_on ? ui('form.required') : endsNotBefore(d.starts_on, d.ends_on) ? undefined : t('assign.errors.endsBeforeStart'),
      percentage: percentageError(d.percentage, t('assign.errors.percentage')),
    }),
    onSubmit: async (body) => {
      const before = assignmentBody(draftOf(assignment));
      const changes = before ? changedFields(body, before) : body;
      if (Object.keys(changes).length === 0) {
        toast.info(t('noChanges'));
        onClose();
        return;
      }
      onSaved(await api.assignments.update(assignment.id, changes));
    },
    fallback: t('actionError'),
  });

  return (
    <Dialog title={t('edit.title', { name: assignment.name })} onClose={onClose} testId="assignment-dialog">
      <form className="vk-form" aria-label={t('edit.form')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="assignment-errors" />
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="starts_on" type="date" label={t('assign.fields.starts_on')} value={draft.starts_on} required onChange={(starts_on) => set({ starts_on })} />
          <InputField ctx={ctx} field="ends_on" type="date" label={t('assign.fields.ends_on')} value={draft.ends_on} min={draft.starts_on || undefined} required onChange={(ends_on) => set({ ends_on })} />
          <InputField ctx={ctx} field="percentage" label={t('assign.fields.percentage')} value={draft.percentage} inputMode="numeric" required hint={t('assign.percentageHint')} onChange={(percentage) => set({ percentage })} />
          <SelectField
            ctx={ctx}
            field="state"
            label={t('edit.state')}
            value={draft.state}
            options={STATES.map((s) => ({ value: s, label: t(`edit.states.${s}`) }))}
            hint={t('edit.stateHint')}
            onChange={(state) => set({ state: state as AssignmentDraft['state'] })}
          />
        </div>
        <SubmitActions busy={busy} label={t('save')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.cancel')}
          </button>
        </SubmitActions>
      </form>
    </Dialog>
  );
}
