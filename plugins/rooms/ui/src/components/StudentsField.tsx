import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, SearchPicker, fieldId, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FoundContact, RoomsApi } from '../api';

/** A student chosen in the form: the contact and the name to show. */
export interface ChosenStudent {
  contact_id: number;
  name: string;
}

/**
 * A room's students: the contacts chosen (each with "Quitar"), and the kit's `SearchPicker` on
 * the contacts plugin's finder (`GET contact/finder`, people) to add one; a contact already on the
 * list is shown as "ya es alumno" and cannot be chosen again. Its error under the group.
 */
export function StudentsField({
  api,
  ctx,
  field,
  value,
  onChange,
}: {
  api: RoomsApi;
  ctx: FormContext;
  field: string;
  value: ChosenStudent[];
  onChange(value: ChosenStudent[]): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = fieldId(ctx.formId, field);
  const chosen = new Set(value.map((s) => s.contact_id));
  return (
    <div className="vk-field vk-field--wide rooms-students" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="students-field">
      <span className="vk-label" id={`${id}-label`}>
        {t('rooms.fields.student_ids')}
      </span>
      {value.length > 0 ? (
        <ul className="rooms-chosen" aria-label={t('rooms.form.chosenStudents')}>
          {value.map((s) => (
            <li key={s.contact_id} data-testid="chosen-student">
              <span>{s.name}</span>
              <button
                type="button"
                className="vk-btn vk-btn--light"
                disabled={ctx.disabled}
                aria-label={t('rooms.form.removeStudent', { name: s.name })}
                onClick={() => onChange(value.filter((other) => other.contact_id !== s.contact_id))}
              >
                {t('rooms.form.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('rooms.form.noStudents')}</p>
      )}
      <SearchPicker<FoundContact>
        find={api.contacts.find}
        itemKey={(c) => c.id}
        itemLabel={(c) => c.display_name}
        itemDetail={(c) => c.email || c.fiscal_code}
        taken={(c) => chosen.has(c.id)}
        placeholder={t('rooms.form.studentSearch')}
        label={t('rooms.form.studentSearch')}
        disabled={ctx.disabled}
        testId="student-finder"
        texts={{ taken: t('rooms.form.already'), chooseNamed: (name) => t('rooms.form.chooseStudent', { name }) }}
        onChoose={(c) => onChange([...value, { contact_id: c.id, name: c.display_name }])}
      />
      <FieldErrorMessage form={ctx.formId} field={field} error={ctx.errors.errors[field]} />
    </div>
  );
}
