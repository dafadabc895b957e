import { formatPercent } from '../format';

/**
 * A progress bar (0 to 100 %): an ARIA `progressbar` named `label`, its share written beside it,
 * and `detail` (e.g. "3 de 10 lecciones") after it.
 */
export function ProgressBar({ value, label, detail, testId = 'progress' }: { value: number; label: string; detail?: string; testId?: string }) {
  const share = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <span className="formative-progress" data-testid={testId}>
      <span
        className="formative-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={formatPercent(share)}
      >
        <span className={share >= 100 ? 'formative-progress__fill is-complete' : 'formative-progress__fill'} style={{ width: `${share}%` }} />
      </span>
      <span className="formative-progress__text">{formatPercent(share)}</span>
      {detail && <span className="muted formative-progress__detail">{detail}</span>}
    </span>
  );
}
