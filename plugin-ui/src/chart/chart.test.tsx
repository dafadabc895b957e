import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BarChart } from './BarChart';
import { chartScale, niceStep } from './scale';
import { formatEuros } from '../format';

describe('chart scale', () => {
  it('takes nice steps that include zero', () => {
    expect(niceStep(100, 4)).toBe(50);
    expect(niceStep(1000, 4)).toBe(500);
    expect(niceStep(7, 4)).toBe(2);
    expect(chartScale([50820, 20000])).toEqual({ min: 0, max: 60000, ticks: [0, 20000, 40000, 60000] });
    expect(chartScale([-1500, 4000])).toEqual({ min: -2000, max: 4000, ticks: [-2000, 0, 2000, 4000] });
    expect(chartScale([0, 0])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(chartScale([])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });
});

describe('<BarChart>', () => {
  it('draws a bar per value and a point per line value, named and titled', () => {
    const { container } = render(
      <BarChart
        title="Flujo de caja 2026"
        labels={['01/2026', '02/2026', '03/2026']}
        bars={[
          { name: 'Ingresos', values: [0, 50820, 1000], tone: 'success' },
          { name: 'Gastos', values: [0, 5000, 3000], tone: 'danger' },
        ]}
        line={{ name: 'Saldo acumulado', values: [0, 45820, 43820], tone: 'primary' }}
        format={formatEuros}
      />,
    );
    expect(screen.getByRole('img', { name: 'Flujo de caja 2026' })).toBeInTheDocument();
    const income = container.querySelectorAll('[data-series="Ingresos"] rect');
    expect([...income].map((r) => r.getAttribute('data-value'))).toEqual(['0', '50820', '1000']);
    expect(income[1].querySelector('title')).toHaveTextContent('02/2026 · Ingresos: 508,20 €');
    // taller bars for larger values, all standing on the zero line
    const h = (i: number) => Number(income[i].getAttribute('height'));
    expect(h(1)).toBeGreaterThan(h(2));
    expect(h(0)).toBe(0);
    expect(container.querySelectorAll('[data-series="Saldo acumulado"] circle')).toHaveLength(3);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ingresos', 'Gastos', 'Saldo acumulado']);
  });

  it('draws negative values below the zero line', () => {
    const { container } = render(<BarChart title="Saldo" labels={['a', 'b']} bars={[{ name: 'Saldo', values: [-1000, 1000], tone: 'primary' }]} format={String} />);
    const [neg, pos] = [...container.querySelectorAll('rect')];
    const zero = Number(container.querySelector('.vk-chart__zero')!.getAttribute('y1'));
    expect(Number(neg.getAttribute('y'))).toBeCloseTo(zero);
    expect(Number(pos.getAttribute('y')) + Number(pos.getAttribute('height'))).toBeCloseTo(zero);
  });
});
