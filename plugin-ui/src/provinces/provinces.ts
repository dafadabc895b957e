import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

/** The 52 Spanish provinces (INE codes 1–52), the spec's fixed list. */
export const PROVINCE_IDS: number[] = Array.from({ length: 52 }, (_, i) => i + 1);

/** The provinces as list options (`{value: INE code, label}`), in Spanish alphabetical order. */
export function useProvinceOptions(): { value: number; label: string }[] {
  const { t } = useTranslation(UI_NAMESPACE);
  return useMemo(() => PROVINCE_IDS.map((id) => ({ value: id, label: t(`provinces.${id}`) })).sort((a, b) => a.label.localeCompare(b.label, 'es')), [t]);
}
