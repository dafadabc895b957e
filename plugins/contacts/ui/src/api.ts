import type { ApiClient, ListPage } from '@volante/plugin-ui';

export type ContactState = 'active' | 'inactive' | 'deleted';

export interface DgtRecord {
  licences: string[];
  dgt_folder: string;
  dgt_record: string;
  requested_licence: string;
  theory_exam_date: string | null;
  practical_exam_date: string | null;
  licence_date: string | null;
  notes: string;
}

export interface Contact {
  id: number;
  state: ContactState;
  created_at: string;
  updated_at: string;
  code: string;
  branch_id: number | null;
  type: 'P' | 'E';
  relation: 'client' | 'provider';
  display_name: string;
  trade_name: string;
  fiscal_name: string;
  fiscal_code: string;
  first_name: string;
  last_name: string;
  second_last_name: string;
  email: string;
  phone: string;
  mobile: string;
  city: string;
  province_id: number | null;
  avatar_file_id: number | null;
  notifications: boolean;
  [field: string]: unknown;
}

export interface ContactDetail extends Contact {
  dgt: DgtRecord | null;
  groups: { id: number; name: string }[];
}

/** Driving licence classes (the fixed list of the spec, as the plugin checks them). */
export const LICENCE_CLASSES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'];

/** The list filter: '' is "active and inactive" (the host's default). */
export type StateFilter = '' | 'active' | 'inactive' | 'deleted' | 'all';
/** The state filter's choices, in the order the lists offer them. */
export const STATE_FILTERS: StateFilter[] = ['', 'active', 'inactive', 'deleted', 'all'];

/** A group as the group lists answer it (`…/group/read`), with its member count. */
export interface ContactGroup {
  id: number;
  name: string;
  description: string;
  color: string;
  state: ContactState;
  members: number;
}

export function contactsApi(api: ApiClient) {
  return {
    list: (body: { search: string; page: number; per_page: number; state?: StateFilter }) => {
      const { state, ...rest } = body;
      return api.post<ListPage<Contact>>('contact/readall', state ? { ...rest, state } : rest);
    },
    zero: (id = 0) => api.get<ContactDetail>(`contact/zero/${id}`),
    read: (id: number) => api.get<ContactDetail>(`contact/read/${id}`),
    create: (fields: Record<string, unknown>) => api.post<Contact>('contact/create', fields),
    update: (id: number, fields: Record<string, unknown>) => api.post<Contact>('contact/update', { ...fields, id }),
    setState: (id: number, state: 'active' | 'inactive') => api.post<Contact>('contact/state', { id, state }),
    remove: (id: number) => api.post<Contact>('contact/delete', { id }),
    saveDgt: (contactId: number, record: Partial<DgtRecord>) => api.post<DgtRecord>('contact/dgt/update', { ...record, contact_id: contactId }),
  };
}

/**
 * The suppliers' calls (`provider/`): contacts whose relation is `provider`, and their own groups.
 * Every one needs `contact.provider`.
 */
export function providersApi(api: ApiClient) {
  return {
    /** `GET provider/read` without `id`: a page of suppliers by name. */
    list: (query: { search: string; page: number; per_page: number; state?: StateFilter; group_id?: number | null }) =>
      api.get<ListPage<Contact>>('provider/read', { ...query, search: query.search || undefined, state: query.state || undefined, group_id: query.group_id || undefined }),
    /** `GET provider/read?id=`: the supplier with its groups. */
    read: (id: number) => api.get<ContactDetail>('provider/read', { id }),
    create: (fields: Record<string, unknown>) => api.post<ContactDetail>('provider/create', fields),
    update: (id: number, fields: Record<string, unknown>) => api.post<ContactDetail>('provider/update', { ...fields, id }),
    setState: (id: number, state: 'active' | 'inactive') => api.post<ContactDetail>('provider/state', { id, state }),
    remove: (id: number) => api.post<ContactDetail>('provider/delete', { id }),
    groups: () => api.get<ListPage<ContactGroup>>('provider/group/read'),
    createGroup: (fields: { name: string; description: string }) => api.post<ContactGroup>('provider/group/create', fields),
    removeGroup: (id: number) => api.post<ContactGroup>('provider/group/delete', { id }),
    addToGroup: (groupId: number, contactId: number) => api.post('provider/group/settings/add', { group_id: groupId, contact_id: contactId }),
    removeFromGroup: (groupId: number, contactId: number) => api.post('provider/group/settings/remove', { group_id: groupId, contact_id: contactId }),
  };
}

export type ProvidersApi = ReturnType<typeof providersApi>;
