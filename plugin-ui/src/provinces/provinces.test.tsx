import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createTestI18n } from '../testing/i18n';
import { useProvinceOptions } from './provinces';

describe('provinces', () => {
  it('lists the 52 provinces by INE code, sorted the Spanish way', () => {
    const i18n = createTestI18n();
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const { result } = renderHook(() => useProvinceOptions(), { wrapper });
    expect(result.current).toHaveLength(52);
    expect(new Set(result.current.map((o) => o.value)).size).toBe(52);
    expect(result.current.find((o) => o.value === 28)?.label).toBe('Madrid');
    expect(result.current[0].label).toBe('A Coruña');
    expect(result.current.find((o) => o.value === 1)?.label).toBe('Araba/Álava');
  });
});
