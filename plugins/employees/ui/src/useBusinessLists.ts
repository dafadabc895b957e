import { useCallback, useEffect, useState } from 'react';
import { errorList } from '@volante/plugin-ui';
import type { Branch, EmployeesApi, Position, RoleOption } from './api';

export interface BusinessLists {
  branches: Branch[];
  positions: Position[];
}

/**
 * The business's branches (`business/branch/list`) and positions (`business/position/read`),
 * read once per page: the check boxes, the main branch select, the filters and the names the
 * list shows. `failed` holds the host's message when they cannot be read.
 */
export function useBusinessLists(api: EmployeesApi) {
  const [lists, setLists] = useState<BusinessLists | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    setFailed(null);
    let live = true;
    Promise.all([api.business.branches(), api.business.positions()]).then(
      ([branches, positions]) => live && setLists({ branches, positions }),
      (e) => live && setFailed(errorList(e)[0]?.details ?? ''),
    );
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(load, [load]);
  return { lists, failed, load };
}

/** The business's roles (`business/rol/list`) for an account's role, asked when `enabled`. */
export function useRoles(api: EmployeesApi, enabled: boolean) {
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.business.roles().then(
      (all) => live && setRoles(all),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, enabled]);
  return { roles, failed };
}

/** Names by id, for the lists' columns. */
export function namesById<T>(items: T[] | undefined, id: (item: T) => number, name: (item: T) => string): Map<number, string> {
  return new Map((items ?? []).map((item) => [id(item), name(item)]));
}
