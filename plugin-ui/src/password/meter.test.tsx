import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { passwordChecks, passwordLevel, passwordMeetsPolicy, passwordScore } from './meter';
import { PasswordMeter } from './PasswordMeter';
import { createTestI18n } from '../testing/i18n';

describe('password checks', () => {
  it('checks length 8, lower, upper, digit and special', () => {
    expect(passwordChecks('')).toEqual({ length: false, lower: false, upper: false, digit: false, special: false });
    expect(passwordChecks('Demo-2026!')).toEqual({ length: true, lower: true, upper: true, digit: true, special: true });
    expect(passwordChecks('abcdefg')).toMatchObject({ length: false, lower: true, upper: false });
    expect(passwordChecks('ÁRBOL ñu')).toMatchObject({ upper: true, lower: true, special: true });
  });
  it('scores and levels', () => {
    expect(passwordScore('abc')).toBe(1);
    expect(passwordLevel('')).toBe('empty');
    expect(passwordLevel('abcdefgh')).toBe('weak');
    expect(passwordLevel('Abcdefg1')).toBe('medium');
    expect(passwordLevel('Abcdef1!')).toBe('strong');
  });
  it('accepts what the host accepts: 8+ and three of four classes', () => {
    expect(passwordMeetsPolicy('Abcdefg1')).toBe(true);
    expect(passwordMeetsPolicy('abcdefg1')).toBe(false);
    expect(passwordMeetsPolicy('Abc1!')).toBe(false);
  });
});

describe('<PasswordMeter>', () => {
  it('shows the level and which checks pass, in Spanish', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <PasswordMeter password="Abcdefg1" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByText('Aceptable')).toBeInTheDocument();
    expect(screen.getByText('Al menos 8 caracteres')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByText('Un carácter especial')).toHaveAttribute('data-ok', 'false');
  });
});
