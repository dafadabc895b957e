import { compactQuery, uploadWithProgress, type ApiClient, type FoundContact, type ListPage, type SessionStore, type UploadProgress } from '@volante/plugin-ui';
import type { SignerField, Variable } from './lists';

export type RecordState = 'active' | 'inactive' | 'deleted';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

/** `GET agreement/types_agreements`. */
export interface AgreementType {
  id: string;
  name: string;
}

/**
 * A variable placed on the template (README "variables"): `x` and `y` are fractions of the page
 * (0–1) from its left and top edges; text is `size` points high, the signature `width` of the
 * page wide.
 */
export interface Placement {
  variable: Variable | string;
  /** 1 for the first page. */
  page: number;
  x: number;
  y: number;
  size: number;
  width: number;
}

/** The fields `agreement/create` and `/update` take. */
export interface AgreementFields {
  type: string;
  name: string;
  description: string;
  cover_file_id: number | null;
  pdf_file_id: number | null;
  variables: Placement[];
  dgt_register: boolean;
}

/** An agreement as every `agreement/` call answers it. */
export interface Agreement extends Stored, AgreementFields {
  type_name: string;
  /** `/api/filesystem/file/read?file_id=N`: opened with the session's token. */
  cover_url: string | null;
  pdf_url: string | null;
  /** Its live requests, pending and signed. */
  requested: number;
  signed: number;
}

/** `agreement/delete`: the agreement, and how many pending requests were cancelled. */
export interface DeletedAgreement extends Agreement {
  requests_cancelled: number;
}

/** Who signs (README "signer"). */
export type Signer = Record<SignerField, string>;

export type RequestStatus = 'requested' | 'signed';

/** A signature request as the staff see it. */
export interface SignRequest extends Stored {
  agreement_id: number;
  contact_id: number | null;
  reference: string;
  status: RequestStatus;
  email: string;
  dgt_register_code: string;
  signer: Signer;
  requested_by: number | null;
  signed_at: string | null;
  signature_file_id: number | null;
  signed_file_id: number | null;
  /** `/api/filesystem/file/read?file_id=N` (the session's token), null until signed. */
  signed_url: string | null;
  /** The signing page's path, `/agreement/sign/{reference}`. */
  path: string;
  /** Only in `agreement/request/create`'s answer: the link was mailed. */
  mailed?: boolean;
}

/** `GET agreement/read/{id}`: the agreement with every live request, newest first. */
export interface AgreementDetail extends Agreement {
  requests: SignRequest[];
}

export interface AgreementQuery {
  search?: string;
  type?: string;
  page: number;
  per_page: number;
}

/** `agreement/config/read|save` (README "The configuration"). */
export interface AgreementConfig {
  valid_days: number;
  mail_subject: string;
  mail_body: string;
  send_copy: boolean;
  business_name: string;
  business_nif: string;
  business_address: string;
}

/** `agreement/request/create`'s body. */
export interface RequestCreate {
  agreement_id: number;
  contact_id?: number;
  email: string;
  send_mail: boolean;
  dgt_register_code: string;
  signer?: Partial<Signer>;
}

/** The signing page's view (`agreement/request/read`, `agreement/request/sign`). */
export interface SigningView {
  reference: string;
  status: RequestStatus;
  created_at: string;
  signed_at: string | null;
  business_name: string;
  agreement: {
    name: string;
    description: string;
    type: string;
    type_name: string;
    /** These URLs carry `&link=<reference>`: they open without a session. */
    cover_url: string | null;
    pdf_url: string | null;
    dgt_register: boolean;
  };
  signer: Signer;
  /** The signer fields the template prints: asked for, and required. */
  fields: SignerField[];
  /** Younger signers need a parent or guardian (14). */
  guardian_below: number;
  signed_url: string | null;
}

/** `agreement/request/sign`'s body. */
export interface SignBody {
  reference: string;
  /** `data:image/png;base64,…` (the canvas's `toDataURL('image/png')`). */
  signature: string;
  signer: Signer;
}

// --- Other modules and the host ---------------------------------------------------------------

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** What `POST agreement/file/upload` stored: a template or a cover (README "Calls"). */
export type FileKind = 'pdf' | 'image';

/**
 * A file `POST agreement/file/upload` stored in the document manager's folder "Acuerdos" (a name
 * already there gets a number: "contrato (2).pdf"). `kind` is what the host found in it; `url` is
 * `/api/filesystem/file/read?file_id=N`, to be opened with the session's token.
 */
export interface StoredFile {
  file_id: number;
  name: string;
  size: number;
  content_type: string;
  kind: FileKind;
  url: string;
}

/** The agreements plugin's calls, and the others the screens need. */
export function agreementsApi(api: ApiClient, store?: SessionStore) {
  return {
    types: () => api.get<AgreementType[]>('agreement/types_agreements'),
    agreements: {
      list: (query: AgreementQuery) => api.get<ListPage<Agreement>>('agreement/read/all', compactQuery(query)),
      read: (id: number) => api.get<AgreementDetail>(`agreement/read/${id}`),
      create: (fields: Partial<AgreementFields>) => api.post<Agreement>('agreement/create', fields),
      update: (id: number, fields: Partial<AgreementFields>) => api.post<Agreement>('agreement/update', { id, ...fields }),
      remove: (id: number) => api.post<DeletedAgreement>('agreement/delete', { id }),
    },
    config: {
      read: () => api.get<AgreementConfig>('agreement/config/read'),
      save: (config: AgreementConfig) => api.post<AgreementConfig>('agreement/config/save', config),
    },
    requests: {
      create: (body: RequestCreate) => api.post<SignRequest>('agreement/request/create', body),
      remove: (id: number) => api.post<SignRequest>('agreement/request/delete', { id }),
    },
    /** The public page's calls: no session (a signed-in browser's token is ignored by the host). */
    signing: {
      read: (reference: string) => api.get<SigningView>('agreement/request/read', { reference }, { auth: false }),
      sign: (body: SignBody) => api.post<SigningView>('agreement/request/sign', body, { auth: false }),
    },
    contacts: {
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search }),
    },
    files: {
      /**
       * A template (PDF) or cover (PNG, JPEG) into the folder "Acuerdos" (`agreement/file/upload`,
       * multipart part `file` and the `kind` expected: the `agreement` permission is enough),
       * reporting the progress. Anything else is `REQ-102` on `file`.
       */
      upload: (file: File, kind: FileKind, onProgress?: (progress: UploadProgress) => void) => {
        const form = new FormData();
        form.append('file', file, file.name);
        // The host refuses (and does not keep) a file of the other kind.
        form.append('kind', kind);
        return uploadWithProgress<StoredFile>('agreement/file/upload', form, { store, onProgress });
      },
      /** A PDF's page count (`filesystem/file/read?pdf_count=1`). */
      pages: (fileId: number) => api.get<{ file_id: number; pages: number }>('filesystem/file/read', { file_id: fileId, pdf_count: 1 }).then((answer) => answer.pages),
    },
  };
}

export type AgreementsApi = ReturnType<typeof agreementsApi>;
