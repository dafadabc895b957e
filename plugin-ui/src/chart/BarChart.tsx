import { useId } from 'react';
import { chartScale } from './scale';

export type ChartTone = 'primary' | 'success' | 'danger' | 'warning' | 'muted';

export interface BarSeries {
  name: string;
  values: number[];
  tone: ChartTone;
}

export interface BarChartProps {
  /** The chart's accessible name (and caption). */
  title: string;
  /** One label per group of bars (months…). */
  labels: string[];
  /** Bars drawn side by side in each group. */
  bars: BarSeries[];
  /** An optional line over the bars (a running balance…). */
  line?: BarSeries;
  /** How values are written in the axis and the tooltips (e.g. `formatEuros`). */
  format(value: number): string;
  height?: number;
}

const WIDTH = 720;
const PAD = { top: 12, right: 12, bottom: 28, left: 84 };

/**
 * A small SVG bar chart (grouped bars, an optional line, zero baseline, negative values below
 * it): no chart library in the bundle. Each bar and point carries a `<title>` ("label · series:
 * value") and `data-value`, and the legend names the series.
 */
export function BarChart({ title, labels, bars, line, format, height = 260 }: BarChartProps) {
  const id = useId();
  const all = [...bars.flatMap((s) => s.values), ...(line?.values ?? [])];
  const scale = chartScale(all);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  const group = plotW / Math.max(1, labels.length);
  const barW = Math.max(2, (group * 0.7) / Math.max(1, bars.length));
  const zero = y(0);
  const cx = (i: number) => PAD.left + group * i + group / 2;
  return (
    <figure className="vk-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="vk-chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} className="vk-chart__svg">
        <g className="vk-chart__axis">
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'vk-chart__zero' : 'vk-chart__grid'} />
              <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {format(tick)}
              </text>
            </g>
          ))}
          {labels.map((label, i) => (
            <text key={label} x={cx(i)} y={height - 8} textAnchor="middle">
              {label}
            </text>
          ))}
        </g>
        {bars.map((series, s) => (
          <g key={series.name} className={`vk-chart__bars vk-chart--${series.tone}`} data-series={series.name}>
            {series.values.map((value, i) => {
              const x = cx(i) - (barW * bars.length) / 2 + barW * s;
              const top = Math.min(y(value), zero);
              return (
                <rect key={labels[i] ?? i} x={x} y={top} width={barW - 1} height={Math.abs(zero - y(value))} data-value={value} data-label={labels[i]}>
                  <title>{`${labels[i]} · ${series.name}: ${format(value)}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
        {line && (
          <g className={`vk-chart__line vk-chart--${line.tone}`} data-series={line.name}>
            <polyline fill="none" points={line.values.map((v, i) => `${cx(i)},${y(v)}`).join(' ')} />
            {line.values.map((value, i) => (
              <circle key={labels[i] ?? i} cx={cx(i)} cy={y(value)} r={3} data-value={value} data-label={labels[i]}>
                <title>{`${labels[i]} · ${line.name}: ${format(value)}`}</title>
              </circle>
            ))}
          </g>
        )}
      </svg>
      <ul className="vk-chart__legend">
        {[...bars, ...(line ? [line] : [])].map((series) => (
          <li key={series.name} className={`vk-chart--${series.tone}`}>
            <span className="vk-chart__swatch" aria-hidden="true" />
            {series.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
