import { useCallback, useEffect, useState } from 'react';
import { errorList, useApi } from '@volante/plugin-ui';
import { billingApi, type BudgetGroup, type Series, type Tax } from '../api';

export interface ReferenceData {
  series: Series[];
  taxes: Tax[];
  groups: BudgetGroup[];
}

/** What the editors choose from: the series, the taxes (with their region's state) and, for budgets, the groups. */
export function useReferenceData(withGroups: boolean) {
  const api = billingApi(useApi());
  const [data, setData] = useState<ReferenceData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    Promise.all([api.series.list(), api.taxes.list(), withGroups ? api.budgets.groups() : Promise.resolve([])]).then(
      ([series, taxes, groups]) => setData({ series, taxes, groups }),
      (e) => setError(errorList(e)[0]?.details ?? ''),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withGroups]);
  useEffect(load, [load]);
  return { data, error, reload: load };
}

/** The series a new document starts in: the one asked for, else the first active complete one. */
export function startingSeries(series: Series[], asked: number): number | null {
  if (asked && series.some((s) => s.id === asked && s.state === 'active')) return asked;
  const active = series.filter((s) => s.state === 'active');
  return (active.find((s) => !s.simplified) ?? active[0])?.id ?? null;
}

/** Where "back" goes from an editor: the contact it came from, or the list. */
export function backPath(kind: 'budget' | 'invoice', target: string | undefined, contact: string | undefined): string {
  return target === 'contact' && contact && contact !== '0' ? `/contact/view/${contact}/0` : `/${kind}/list`;
}
