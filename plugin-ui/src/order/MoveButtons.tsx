import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface MoveButtonsProps {
  /** The item's place in the list (0 first). */
  index: number;
  /** How many items the list has. */
  count: number;
  /** A move (or another change) on its way: both buttons wait. */
  busy: boolean;
  /** The "↑" button's accessible name, naming the item ("Subir el bloque Señales"). */
  upLabel: string;
  /** The "↓" button's accessible name, naming the item. */
  downLabel: string;
  /** -1: up one place; 1: down one place. */
  onMove(delta: -1 | 1): void;
  /** `<testId>-up` and `<testId>-down`. */
  testId: string;
}

/**
 * "↑" and "↓" of an item in an ordered list (a block, a test's question, a class of a group, a
 * theme of a syllabus…): each named for the item (`upLabel`, `downLabel`) and titled "Subir" /
 * "Bajar", not past either end (`index` of `count`), waiting while `busy`. The buttons carry
 * `vk-move` besides the `vk-btn` look, for a list that wants them narrower.
 */
export function MoveButtons({ index, count, busy, upLabel, downLabel, onMove, testId }: MoveButtonsProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const buttons = [
    { delta: -1 as const, label: upLabel, title: t('order.up'), suffix: 'up', glyph: '↑', blocked: index <= 0 },
    { delta: 1 as const, label: downLabel, title: t('order.down'), suffix: 'down', glyph: '↓', blocked: index >= count - 1 },
  ];
  return (
    <>
      {buttons.map((b) => (
        <button
          key={b.suffix}
          type="button"
          className="vk-btn vk-btn--light vk-move"
          aria-label={b.label}
          title={b.title}
          data-testid={`${testId}-${b.suffix}`}
          disabled={busy || b.blocked}
          onClick={() => onMove(b.delta)}
        >
          {b.glyph}
        </button>
      ))}
    </>
  );
}
