import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/**
 * "↑" and "↓" of an item in an ordered list (a class of a group, a resource of a class): each
 * named for the item (`upLabel`, `downLabel`), not past either end (`index` of `count`), waiting
 * while `busy`.
 */
export function MoveButtons({
  index,
  count,
  busy,
  upLabel,
  downLabel,
  onMove,
  testId,
}: {
  index: number;
  count: number;
  busy: boolean;
  upLabel: string;
  downLabel: string;
  /** -1: up one place; 1: down one place. */
  onMove(delta: -1 | 1): void;
  /** `<testId>-up` and `<testId>-down`. */
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const buttons = [
    { delta: -1 as const, label: upLabel, title: t('moveUp'), suffix: 'up', glyph: '↑', blocked: index <= 0 },
    { delta: 1 as const, label: downLabel, title: t('moveDown'), suffix: 'down', glyph: '↓', blocked: index >= count - 1 },
  ];
  return (
    <>
      {buttons.map((b) => (
        <button key={b.suffix} type="button" className="vk-btn vk-btn--light" aria-label={b.label} title={b.title} data-testid={`${testId}-${b.suffix}`} disabled={busy || b.blocked} onClick={() => onMove(b.delta)}>
          {b.glyph}
        </button>
      ))}
    </>
  );
}
