import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { SIGNATURE } from '../lists';
import { clickPercent, percentToFraction, type PlacementDraft } from '../format';

/**
 * A page of the template as a box of its shape (A4 upright): the placements on that page as
 * markers where they print (text above its baseline, the signature as wide as it prints), the
 * selected one highlighted. A click in the box puts the selected placement there (and on this
 * page); a click on a marker selects it. The PDF itself is not drawn: the positions are fractions
 * of the page, whatever its size.
 */
export function PageBox({
  page,
  placements,
  selected,
  labelOf,
  onSelect,
  onPlace,
  disabled,
}: {
  page: number;
  placements: PlacementDraft[];
  selected: number | null;
  labelOf(variable: string): string;
  onSelect(key: number): void;
  onPlace(position: { x: string; y: string }): void;
  disabled: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const chosen = placements.find((p) => p.key === selected);

  function place(event: MouseEvent<HTMLDivElement>) {
    if (disabled || !chosen) return;
    const position = clickPercent(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    if (position) onPlace(position);
  }

  return (
    <div className="agreements-pagebox">
      <p className="muted" data-testid="page-box-hint">
        {chosen ? t('placements.box.hint', { name: labelOf(chosen.variable) }) : t('placements.box.choose')}
      </p>
      <div
        className={chosen && !disabled ? 'agreements-sheet agreements-sheet--active' : 'agreements-sheet'}
        aria-label={t('placements.box.label', { page })}
        data-testid="page-box"
        onClick={place}
      >
        {placements
          .filter((p) => Number(p.page) === page)
          .map((p) => {
            const x = percentToFraction(p.x);
            const y = percentToFraction(p.y);
            if (x === null || y === null) return null;
            const signature = p.variable === SIGNATURE;
            const width = signature ? percentToFraction(p.width) : null;
            return (
              <button
                key={p.key}
                type="button"
                className={['agreements-marker', signature ? 'agreements-marker--signature' : '', p.key === selected ? 'is-selected' : ''].filter(Boolean).join(' ')}
                style={{ left: `${x * 100}%`, top: `${y * 100}%`, width: width ? `${width * 100}%` : undefined }}
                aria-pressed={p.key === selected}
                aria-label={t('placements.box.marker', { name: labelOf(p.variable), x: p.x, y: p.y })}
                data-testid="page-marker"
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(p.key);
                }}
              >
                {labelOf(p.variable)}
              </button>
            );
          })}
      </div>
    </div>
  );
}
