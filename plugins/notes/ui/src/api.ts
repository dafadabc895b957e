import { compactQuery, type ApiClient, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Groups (note/document/group/) ------------------------------------------------------------

/** The fields `note/document/group/create` takes (README "Records": group). */
export interface GroupFields {
  /** Required, at most 100 characters, unique in the business (`CONFLICT-000`). */
  name: string;
  /** `#RGB` or `#RRGGBB`, or empty: the colour of its chips. */
  color: string;
}

/** A group as `GET note/document/group/read` answers it, with its live notebooks counted. */
export interface Group extends Stored, GroupFields {
  documents: number;
}

/** `note/document/group/delete`: the group, and how many notebooks were left without one. */
export interface DeletedGroup extends Stored, GroupFields {
  documents_released: number;
}

// --- Notebooks (note/document/) ---------------------------------------------------------------

/** The fields `note/document/create` and `/update` take (README "Records": notebook). */
export interface DocumentFields {
  /** Required, at most 200 characters. */
  title: string;
  /** At most 5,000 characters. */
  description: string;
  /** A live group, or null: none. */
  group_id: number | null;
  /** Shown first in the list. */
  pinned: boolean;
}

/** A notebook as every `note/document/` call answers it. */
export interface NoteDocument extends Stored, DocumentFields {
  branch_id: number | null;
  created_by: number | null;
  /** null without a group (or when it is deleted). */
  group_name: string | null;
  created_by_name: string | null;
  /** How many live notes it has. */
  notes: number;
  /** The latest note's day (`YYYY-MM-DD`), null without notes. */
  last_date: string | null;
}

export interface DocumentQuery {
  search?: string;
  /** A group, or 0: the notebooks without one. */
  group_id?: number;
  /** '' (every state but deleted), `deleted` or `all`. */
  state?: string;
  page: number;
  per_page: number;
}

// --- Notes (note/) ----------------------------------------------------------------------------

/** The fields `note/create` and `/update` take (README "Records": note). */
export interface NoteFields {
  /** Required ("Debe indicar un mensaje para guardar"), at most 10,000 characters. */
  message: string;
  /** `YYYY-MM-DD`; empty: today in Spain (the server's). */
  date: string;
}

/** A note as every `note/` call answers it. */
export interface Note extends Stored, NoteFields {
  document_id: number;
  /** Its author (the user who wrote it). */
  user_id: number;
  user_name: string | null;
}

export interface NoteQuery {
  document_id: number;
  search?: string;
  /** `YYYY-MM-DD`: the notes from and to these days. */
  from?: string;
  to?: string;
  /** A user id, or `me`: the caller's. */
  user_id?: number | 'me';
  page: number;
  per_page: number;
}

/** The notes plugin's calls (README "Calls"). */
export function notesApi(api: ApiClient) {
  return {
    groups: {
      /** Every live group by name (the host answers up to 500 at once). */
      list: () => api.get<ListPage<Group>>('note/document/group/read').then((page) => page.items),
      create: (fields: GroupFields) => api.post<Group>('note/document/group/create', fields),
      remove: (id: number) => api.post<DeletedGroup>('note/document/group/delete', { id }),
    },
    documents: {
      list: (query: DocumentQuery) => api.post<ListPage<NoteDocument>>('note/document/readall', compactQuery(query)),
      read: (id: number) => api.get<NoteDocument>('note/document/read', { id }),
      create: (fields: Partial<DocumentFields>) => api.post<NoteDocument>('note/document/create', fields),
      update: (id: number, fields: Partial<DocumentFields>) => api.post<NoteDocument>('note/document/update', { id, ...fields }),
      remove: (id: number) => api.post<NoteDocument>('note/document/delete', { id }),
    },
    notes: {
      list: (query: NoteQuery) => api.post<ListPage<Note>>('note/readall', compactQuery(query)),
      create: (documentId: number, fields: Partial<NoteFields>) => api.post<Note>('note/create', { document_id: documentId, ...fields }),
      update: (id: number, fields: Partial<NoteFields>) => api.post<Note>('note/update', { id, ...fields }),
      remove: (id: number) => api.post<Note>('note/delete', { id }),
    },
  };
}

export type NotesApi = ReturnType<typeof notesApi>;
