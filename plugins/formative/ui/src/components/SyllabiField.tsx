import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, MoveButtons, PageState, fieldId, type FormContext, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { TemaryRow } from '../api';
import { MAX_SYLLABI } from '../lists';
import { moved } from '../format';

/** A syllabus chosen for a content: its id and the name to show. */
export interface ChosenSyllabus {
  id: number;
  name: string;
}

/** A syllabus as the select offers it: "Permiso B · B". */
const optionLabel = (s: TemaryRow) => [s.name, s.category].filter(Boolean).join(' · ');

/**
 * A content's syllabi (1 to 20, in the order they are studied): the ones chosen, numbered, each
 * with "↑"/"↓" (the kit's `MoveButtons`) and "Quitar"; a select of the business's other syllabi
 * (`GET temary/list`) and "Añadir". When the syllabi cannot be read (the temary module off, no
 * permission to read them) the reason is shown with a retry, and the ones chosen stay.
 */
export function SyllabiField({
  ctx,
  field,
  value,
  onChange,
  temaries,
}: {
  ctx: FormContext;
  field: string;
  value: ChosenSyllabus[];
  onChange(value: ChosenSyllabus[]): void;
  temaries: Loaded<TemaryRow[]>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [adding, setAdding] = useState('');
  const id = fieldId(ctx.formId, field);
  const chosen = new Set(value.map((s) => s.id));
  const available = (temaries.data ?? []).filter((s) => !chosen.has(s.id));
  const full = value.length >= MAX_SYLLABI;
  const add = () => {
    const found = available.find((s) => String(s.id) === adding);
    if (!found || full) return;
    onChange([...value, { id: found.id, name: found.name }]);
    setAdding('');
  };
  return (
    <fieldset className="vk-field vk-field--wide formative-syllabi" id={id} aria-invalid={ctx.errors.errors[field] ? true : undefined} data-testid="syllabi-field">
      <legend className="vk-label">
        {t('contents.fields.temary_ids')}
        <span aria-hidden="true"> *</span>
      </legend>
      <small className="muted">{t('syllabi.hint', { max: MAX_SYLLABI })}</small>
      {value.length > 0 ? (
        <ol className="formative-chosen" aria-label={t('syllabi.chosen')}>
          {value.map((s, index) => (
            <li key={s.id} data-testid="chosen-syllabus">
              <span className="formative-chosen__name">{s.name}</span>
              <span className="formative-actions">
                <MoveButtons
                  index={index}
                  count={value.length}
                  busy={ctx.disabled}
                  upLabel={t('syllabi.up', { name: s.name })}
                  downLabel={t('syllabi.down', { name: s.name })}
                  onMove={(delta) => onChange(moved(value, index, delta))}
                  testId={`syllabus-${s.id}`}
                />
                <button
                  type="button"
                  className="vk-btn vk-btn--light"
                  disabled={ctx.disabled}
                  aria-label={t('syllabi.removeNamed', { name: s.name })}
                  onClick={() => onChange(value.filter((other) => other.id !== s.id))}
                >
                  {t('syllabi.remove')}
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted" data-testid="no-syllabi">
          {t('syllabi.none')}
        </p>
      )}
      {temaries.data === null ? (
        <div data-testid="temaries-state">
          <PageState error={temaries.failed} onRetry={temaries.reload} />
        </div>
      ) : (
        <div className="formative-add">
          <label className="vk-inline-field">
            <span className="vk-visually-hidden">{t('syllabi.add')}</span>
            <select className="vk-input" value={adding} aria-label={t('syllabi.add')} disabled={ctx.disabled || full || available.length === 0} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{available.length ? t('syllabi.choose') : t('syllabi.noMore')}</option>
              {available.map((s) => (
                <option key={s.id} value={s.id}>
                  {optionLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="vk-btn vk-btn--outline" disabled={ctx.disabled || full || !adding} onClick={add}>
            {t('syllabi.addButton')}
          </button>
          {full && <small className="muted">{t('syllabi.full', { max: MAX_SYLLABI })}</small>}
        </div>
      )}
      <FieldErrorMessage form={ctx.formId} field={field} error={ctx.errors.errors[field]} />
    </fieldset>
  );
}
