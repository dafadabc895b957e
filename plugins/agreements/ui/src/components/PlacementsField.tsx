import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, InputField, SelectField, fieldId, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { MAX_VARIABLES, SIGNATURE, VARIABLES } from '../lists';
import { newPlacement, type PlacementDraft } from '../format';
import { placementField } from './agreementDraft';
import { PageBox } from './PageBox';

/**
 * The variables placed on the template: a row each (the variable, its page, X and Y as
 * percentages of the page from its left and top edges, the text's size in points or the
 * signature's width as a percentage of the page; "Quitar"), "Añadir variable", and the page as a
 * box where a click places the selected row. The host's errors go under the row's field
 * (`variables[i].x`); one about the whole list (a page the PDF lacks) under the list.
 */
export function PlacementsField({
  ctx,
  value,
  pages,
  onChange,
}: {
  ctx: FormContext;
  value: PlacementDraft[];
  /** The PDF's page count, when known. */
  pages: number | null;
  onChange(value: PlacementDraft[]): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [selected, setSelected] = useState<number | null>(value[0]?.key ?? null);
  const [boxPage, setBoxPage] = useState(1);
  const labelOf = (variable: string) => ((VARIABLES as readonly string[]).includes(variable) ? t(`variables.${variable}`) : variable);
  const pageCount = Math.max(pages ?? 0, boxPage, ...value.map((p) => Number(p.page) || 1), 1);
  const id = fieldId(ctx.formId, 'variables');

  const update = (key: number, patch: Partial<PlacementDraft>) => onChange(value.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const select = (key: number) => {
    setSelected(key);
    const page = Number(value.find((p) => p.key === key)?.page);
    if (page >= 1) setBoxPage(page);
  };
  function add() {
    const key = Math.max(0, ...value.map((p) => p.key)) + 1;
    onChange([...value, newPlacement(key, boxPage)]);
    setSelected(key);
  }
  function remove(key: number) {
    onChange(value.filter((p) => p.key !== key));
    if (selected === key) setSelected(null);
  }

  return (
    <div className="vk-field vk-field--wide agreements-placements" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="placements">
      <span className="vk-label" id={`${id}-label`}>
        {t('placements.title')}
      </span>
      <small className="muted">{t('placements.hint')}</small>
      <div className="agreements-placements__layout">
        <div className="agreements-placements__rows">
          {value.length === 0 && (
            <p className="muted" data-testid="placements-empty">
              {t('placements.none')}
            </p>
          )}
          {value.map((p, i) => {
            const signature = p.variable === SIGNATURE;
            const name = labelOf(p.variable);
            return (
              <fieldset key={p.key} className={p.key === selected ? 'agreements-placement is-selected' : 'agreements-placement'} data-testid="placement">
                <legend>{t('placements.row', { n: i + 1, name })}</legend>
                <div className="agreements-placement__grid">
                  <SelectField
                    ctx={ctx}
                    field={placementField(i, 'variable')}
                    label={t('placements.fields.variable')}
                    value={p.variable}
                    options={VARIABLES.map((v) => ({ value: v, label: t(`variables.${v}`) }))}
                    onChange={(variable) => update(p.key, { variable })}
                  />
                  <InputField ctx={ctx} field={placementField(i, 'page')} label={t('placements.fields.page')} value={p.page} inputMode="numeric" onChange={(page) => update(p.key, { page })} />
                  <InputField ctx={ctx} field={placementField(i, 'x')} label={t('placements.fields.x')} value={p.x} inputMode="decimal" onChange={(x) => update(p.key, { x })} />
                  <InputField ctx={ctx} field={placementField(i, 'y')} label={t('placements.fields.y')} value={p.y} inputMode="decimal" onChange={(y) => update(p.key, { y })} />
                  {signature ? (
                    <InputField ctx={ctx} field={placementField(i, 'width')} label={t('placements.fields.width')} value={p.width} inputMode="decimal" onChange={(width) => update(p.key, { width })} />
                  ) : (
                    <InputField ctx={ctx} field={placementField(i, 'size')} label={t('placements.fields.size')} value={p.size} inputMode="decimal" onChange={(size) => update(p.key, { size })} />
                  )}
                </div>
                {!ctx.disabled && (
                  <div className="agreements-inline">
                    <button type="button" className="vk-btn vk-btn--light" aria-pressed={p.key === selected} aria-label={t('placements.selectNamed', { n: i + 1, name })} onClick={() => select(p.key)}>
                      {p.key === selected ? t('placements.selected') : t('placements.select')}
                    </button>
                    <button type="button" className="vk-btn vk-btn--light" aria-label={t('placements.removeNamed', { n: i + 1, name })} onClick={() => remove(p.key)}>
                      {t('placements.remove')}
                    </button>
                  </div>
                )}
              </fieldset>
            );
          })}
          {!ctx.disabled && (
            <button type="button" className="vk-btn vk-btn--outline" disabled={value.length >= MAX_VARIABLES} onClick={add}>
              {t('placements.add')}
            </button>
          )}
          <FieldErrorMessage form={ctx.formId} field="variables" error={ctx.errors.errors.variables} />
        </div>
        <div className="agreements-placements__box">
          <label className="agreements-inline">
            <span>{t('placements.box.page')}</span>
            <select className="vk-input" value={boxPage} aria-label={t('placements.box.page')} onChange={(e) => setBoxPage(Number(e.target.value))}>
              {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t('placements.box.pageOf', { page: n, total: pageCount })}
                </option>
              ))}
            </select>
          </label>
          <PageBox
            page={boxPage}
            placements={value}
            selected={selected}
            labelOf={labelOf}
            disabled={ctx.disabled}
            onSelect={select}
            onPlace={(position) => selected !== null && update(selected, { ...position, page: String(boxPage) })}
          />
        </div>
      </div>
    </div>
  );
}
