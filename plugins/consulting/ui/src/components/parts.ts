import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useLoad, useProvinceOptions, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { kindApi } from '../api';
import { CHOICES_PER_PAGE } from '../lists';
import type { FieldSpec, FormSection, Option } from './RecordForm';

/**
 * The pieces the kinds' forms share: titled sections, a centre's or a company's contact and
 * address (the province from the kit's list of 52), the group with the notes, and a fixed list
 * as options named in the catalogue.
 */
export function useFormParts() {
  const { t } = useTranslation(NAMESPACE);
  const provinces = useProvinceOptions();
  const section = (key: string, fields: FieldSpec[]): FormSection => ({ title: t(`sections.${key}`), fields });
  const options = (values: readonly (string | number)[], prefix: string): Option[] => values.map((v) => ({ value: String(v), label: t(`${prefix}.${v}`) }));
  const contact = section('contact', [
    { field: 'contact_person', kind: 'text', max: 120 },
    { field: 'phone', kind: 'text', inputMode: 'tel', max: 30 },
    { field: 'email', kind: 'text', max: 200 },
    { field: 'street', kind: 'text', max: 200 },
    { field: 'postal_code', kind: 'text', inputMode: 'numeric', max: 5 },
    { field: 'city', kind: 'text', max: 100 },
    { field: 'province_id', kind: 'select', numeric: true, empty: t('choose'), options: provinces.map((p) => ({ value: String(p.value), label: p.label })) },
  ]);
  const other = (group: FieldSpec) => section('other', [group, { field: 'notes', kind: 'notes', max: 5000 }]);
  return { t, section, options, contact, other };
}

/** The live companies or centres by name, as a select's options (the host's largest page). */
export function useChoices(kind: 'empresas' | 'centros') {
  const client = useApi();
  const api = useMemo(() => kindApi(client, kind), [client, kind]);
  const read = useCallback(() => api.list({ page: 1, per_page: CHOICES_PER_PAGE }).then((page) => page.items.map((r): Option => ({ value: String(r.id), label: r.name }))), [api]);
  return useLoad(read);
}

/** A list's plain column: its header from the catalogue (`columns.<key>`), "—" when empty. */
export function useTextColumn<T>() {
  const { t } = useTranslation(NAMESPACE);
  return (key: string, value: (row: T) => string | number | null | undefined, className?: string): Column<T> => ({
    key,
    header: t(`columns.${key}`),
    className,
    render: (row) => {
      const shown = value(row);
      return shown === null || shown === undefined || shown === '' ? t('none') : String(shown);
    },
  });
}
