/**
 * What `GET contact/finder?search=` (the contacts plugin) answers for each contact found: the
 * plugins' contact pickers (`<SearchPicker<FoundContact>>`) show and choose these. Deleted
 * contacts are left out; `state` tells an active contact from an inactive one.
 */
export interface FoundContact {
  id: number;
  code: string;
  /** `P` a person, `E` a company (empresa). */
  type: 'P' | 'E';
  display_name: string;
  fiscal_code: string;
  email: string;
  phone: string;
  /** The branch the contact belongs to, if any. */
  branch_id?: number | null;
  /** The record's state (`active`, `inactive`). */
  state?: string;
}
