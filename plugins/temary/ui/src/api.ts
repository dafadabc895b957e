import { compactQuery, uploadWithProgress, type ApiClient, type ListPage, type SessionStore, type UploadProgress } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** A syllabus's status (README "Records"): in development (the default) or published. */
export type TemaryStatus = 'developing' | 'publish';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  /** Deleting marks a record `deleted`: it still reads, and changes no more (`CONFLICT-000`). */
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Syllabi (temary/) ------------------------------------------------------------------------

/** The fields `temary/create` and `/update` take (README "Records": syllabus). */
export interface TemaryFields {
  /** Required, at most 200 characters. */
  name: string;
  /** At most 5,000 characters. */
  description: string;
  /** What it prepares for ("B", "CAP"…): free text, at most 60 characters. */
  category: string;
  status: TemaryStatus;
}

export interface Temary extends Stored, TemaryFields {}

/** A syllabus as `GET temary/list` answers it: with how many (live) themes it has. */
export interface TemaryRow extends Temary {
  themes: number;
}

/** A syllabus as `GET temary/read/{id}` and every syllabus write answer it: its tree. */
export interface TemaryDetail extends Temary {
  themes: ThemeWithSubthemes[];
}

export interface TemaryQuery {
  search?: string;
  status?: string;
  /** '' (every state but deleted), `deleted` or `all`. */
  state?: string;
  page: number;
  per_page: number;
}

// --- The tree: themes, subthemes, sections ------------------------------------------------------

/**
 * What a child of the tree takes: its title (required, at most 200 characters), its text, and
 * where it goes among its siblings (1, 2, …; at the end when left out on a create).
 */
export interface ChildFields {
  title: string;
  position?: number;
}

export interface ThemeFields extends ChildFields {
  /** At most 5,000 characters. */
  description?: string;
}

export interface Theme extends Stored {
  temary_id: number;
  position: number;
  title: string;
  description: string;
}

export interface ThemeWithSubthemes extends Theme {
  subthemes: Subtheme[];
}

/** `GET temary/theme/read/{id}` and the theme writes' answer. */
export interface ThemeDetail extends Theme {
  subthemes: Subtheme[];
}

export type SubthemeFields = ThemeFields;

export interface Subtheme extends Stored {
  theme_id: number;
  position: number;
  title: string;
  description: string;
}

/**
 * `GET temary/subtheme/read/{id}` and the subtheme writes' answer: where it stands (its theme and
 * syllabus, with their states), its sections, sheets and videos in order.
 */
export interface SubthemeDetail extends Subtheme {
  sections: Section[];
  sheets: Media[];
  videos: Media[];
  theme: { id: number; title: string; position: number; state?: RecordState };
  temary_id: number;
  temary?: { id: number; name: string; state: RecordState };
}

/** A subtheme's sheets (PDF, png, jpeg) and videos (mp4, webm, ogg, mov): files in order. */
export const MEDIA_KINDS = ['sheet', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A sheet or a video (README "Sheets and videos"): a file of the document manager. */
export interface Media {
  id: number;
  subtheme_id: number;
  position: number;
  title: string;
  description: string;
  file_id: number;
  content_type: string;
  size: number;
  state: RecordState;
}

/** What an upload sends besides the file: its subtheme, and optionally a title (else the file's name) and a description. */
export interface MediaUpload {
  subtheme_id: number;
  file: File;
  title?: string;
  description?: string;
}

/** What `temary/upload/check` answers when the file would be taken. */
export interface UploadCheck {
  ok: true;
  content_type: string;
  size: number;
  max_upload_bytes: number;
  quota_bytes: number;
  used_bytes: number;
  free_bytes: number;
}

/** The multipart form of an upload: `file`, `subtheme_id`, and `title` and `description` when given. */
export function mediaForm({ subtheme_id, file, title, description }: MediaUpload): FormData {
  const form = new FormData();
  form.append('subtheme_id', String(subtheme_id));
  if (title) form.append('title', title);
  if (description) form.append('description', description);
  form.append('file', file, file.name);
  return form;
}

export interface SectionFields extends ChildFields {
  /** The section's text, at most 100,000 characters. */
  content?: string;
}

export interface Section extends Stored {
  subtheme_id: number;
  position: number;
  title: string;
  content: string;
}

/** A record kept in order under its parent. */
export interface Positioned {
  id: number;
  position: number;
  title: string;
}

/** The writes of one level of the tree, the same for the three (README "Order"). */
export interface ChildCalls<F extends ChildFields> {
  /** At the end of `parent`'s children, or at `position` (the others make room). */
  create(parent: number, fields: F): Promise<unknown>;
  /** The fields given; a `position` moves it among its siblings. */
  update(id: number, fields: Partial<F>): Promise<unknown>;
  /** Marks it deleted; those after it move up one. */
  remove(id: number): Promise<unknown>;
}

/**
 * The temary plugin's calls (plugins/temary/README.md "Calls"). Uploads go with their progress
 * (`uploadWithProgress`), with the token of `store` (the session's).
 */
export function temaryApi(api: ApiClient, store?: SessionStore) {
  const themes = {
    read: (id: number) => api.get<ThemeDetail>(`temary/theme/read/${id}`),
    create: (temaryId: number, fields: ThemeFields) => api.post<ThemeDetail>('temary/theme/create', { temary_id: temaryId, ...fields }),
    update: (id: number, fields: Partial<ThemeFields>) => api.post<ThemeDetail>('temary/theme/update', { id, ...fields }),
    remove: (id: number) => api.post<ThemeDetail>('temary/theme/delete', { id }),
  };
  const subthemes = {
    read: (id: number) => api.get<SubthemeDetail>(`temary/subtheme/read/${id}`),
    create: (themeId: number, fields: SubthemeFields) => api.post<SubthemeDetail>('temary/subtheme/create', { theme_id: themeId, ...fields }),
    update: (id: number, fields: Partial<SubthemeFields>) => api.post<SubthemeDetail>('temary/subtheme/update', { id, ...fields }),
    remove: (id: number) => api.post<SubthemeDetail>('temary/subtheme/delete', { id }),
  };
  const sections = {
    create: (subthemeId: number, fields: SectionFields) => api.post<Section>('temary/subtheme/section/create', { subtheme_id: subthemeId, ...fields }),
    update: (id: number, fields: Partial<SectionFields>) => api.post<Section>('temary/subtheme/section/update', { id, ...fields }),
    remove: (id: number) => api.post<Section>('temary/subtheme/section/delete', { id }),
  };
  const media = (kind: MediaKind) => ({
    /**
     * `temary/upload/check` first (its kind, the subtheme, its size against the largest upload and
     * the storage left: refused before a byte is sent), then `…/upload` (multipart): the record, at
     * the end of the subtheme's list.
     */
    upload: async (fields: MediaUpload, onProgress?: (progress: UploadProgress) => void) => {
      const { file, subtheme_id } = fields;
      await api.get<UploadCheck>('temary/upload/check', { kind, name: file.name, size: file.size, content_type: file.type, subtheme_id });
      return uploadWithProgress<Media>(`temary/subtheme/${kind}/upload`, mediaForm(fields), { store, onProgress });
    },
    /** Marked deleted; the others close up, and its file leaves the document manager. */
    remove: (id: number) => api.post<Media>(`temary/subtheme/${kind}/delete`, { id }),
  });
  const sheets = {
    ...media('sheet'),
    /** Every live sheet of the subtheme once, in the new order: the sheets in order. */
    order: (subthemeId: number, ids: number[]) => api.post<Media[]>('temary/subtheme/sheet/orden', { subtheme_id: subthemeId, ids }),
  };
  return {
    sheets,
    videos: media('video'),
    temaries: {
      list: (query: TemaryQuery) => api.get<ListPage<TemaryRow>>('temary/list', compactQuery(query)),
      read: (id: number) => api.get<TemaryDetail>(`temary/read/${id}`),
      create: (fields: TemaryFields) => api.post<TemaryDetail>('temary/create', fields),
      update: (id: number, fields: Partial<TemaryFields>) => api.post<TemaryDetail>('temary/update', { id, ...fields }),
      remove: (id: number) => api.post<TemaryDetail>('temary/delete', { id }),
      /** A copy with its themes, subthemes and sections ("Copia de …", in development). */
      clone: (id: number) => api.post<TemaryDetail>('temary/clon', { id }),
    },
    themes: themes satisfies ChildCalls<ThemeFields>,
    subthemes: subthemes satisfies ChildCalls<SubthemeFields>,
    sections: sections satisfies ChildCalls<SectionFields>,
  };
}

export type TemaryApi = ReturnType<typeof temaryApi>;
