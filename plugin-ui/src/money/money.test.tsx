import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { centsToInput, formatScaled, parseDecimal, parseEuros, parseScaled, roundDiv } from './money';
import { MoneyInput } from './MoneyInput';

describe('parsing amounts typed in es-ES', () => {
  it('reads euros as exact cents', () => {
    expect(parseEuros('12')).toBe(1200);
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros('0,29')).toBe(29);
    expect(parseEuros('1.234,56')).toBe(123456);
    expect(parseEuros('1234.56')).toBe(123456);
    expect(parseEuros('1.234')).toBe(123400);
    expect(parseEuros('1.234.567')).toBe(123456700);
    expect(parseEuros(' 150,00 € ')).toBe(15000);
    expect(parseEuros('0')).toBe(0);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,234', '12,345', '1,2,3', '12.3.4', '--1', '1e3', ',']) expect(parseEuros(bad)).toBeNull();
    expect(parseEuros('-5')).toBeNull();
    expect(parseEuros('-5', true)).toBe(-500);
  });
  it('reads quantities and percentages with their own number of places', () => {
    expect(parseScaled('0,333', 3)).toBe(333);
    expect(parseScaled('2', 3)).toBe(2000);
    expect(parseScaled('0,3333', 3)).toBeNull();
    expect(parseDecimal('10,5', 2)).toBe(10.5);
    expect(parseDecimal('21', 2)).toBe(21);
    expect(parseDecimal('7,125', 2)).toBeNull();
  });
  it('writes cents back as editable text', () => {
    expect(centsToInput(123450)).toBe('1234,50');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(-2500)).toBe('-25,00');
    expect(centsToInput(null)).toBe('');
    expect(formatScaled(1500, 3, false)).toBe('1,5');
    expect(formatScaled(2000, 3, false)).toBe('2');
  });
  it('rounds half away from zero', () => {
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(4, 10)).toBe(0);
    expect(roundDiv(-5, 10)).toBe(-1);
    expect(roundDiv(15000 * 2100, 10000)).toBe(3150);
    expect(roundDiv(1 * 333, 1000)).toBe(0);
  });
});

describe('<MoneyInput>', () => {
  function Field({ onCents }: { onCents(c: number | null): void }) {
    const [cents, setCents] = useState<number | null>(1500);
    return (
      <>
        <MoneyInput aria-label="Importe" value={cents} onChange={(c) => (setCents(c), onCents(c))} />
        <button type="button" onClick={() => setCents(999)}>
          x
        </button>
      </>
    );
  }

  it('hands out cents while typing, marks invalid text and tidies on blur', () => {
    const seen = vi.fn();
    render(<Field onCents={seen} />);
    const input = screen.getByRole('textbox', { name: 'Importe' });
    expect(input).toHaveValue('15,00');
    fireEvent.change(input, { target: { value: '20,5' } });
    expect(seen).toHaveBeenLastCalledWith(2050);
    expect(input).toHaveAttribute('aria-invalid', 'false');
    fireEvent.blur(input);
    expect(input).toHaveValue('20,50');
    fireEvent.change(input, { target: { value: '20,555' } });
    expect(seen).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('20,555');
    // a value set from outside replaces the text
    fireEvent.click(screen.getByRole('button'));
    expect(input).toHaveValue('9,99');
  });
});
