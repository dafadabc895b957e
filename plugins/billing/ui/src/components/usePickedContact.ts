import { useEffect, useState } from 'react';
import { useApi } from '@volante/plugin-ui';
import { billingApi } from '../api';
import type { PickedContact } from './ContactPicker';

/** The contact a new document starts with (`:contact` of the route; 0: none), read from the contacts plugin. */
export function usePickedContact(id: number): { contact: PickedContact | null; ready: boolean } {
  const api = billingApi(useApi());
  const [state, setState] = useState<{ contact: PickedContact | null; ready: boolean }>({ contact: null, ready: !id });
  useEffect(() => {
    if (!id) return;
    api.contacts.read(id).then(
      (c) => setState({ contact: { id: c.id, name: c.display_name, taxCode: c.fiscal_code, email: c.email }, ready: true }),
      // Still the contact asked for; the host says on save whether it can be used.
      () => setState({ contact: { id, name: `#${id}`, taxCode: '' }, ready: true }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return state;
}
