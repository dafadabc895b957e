/** What the fake host answers in the page tests: records as the agreements plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';
import type { Agreement, AgreementConfig, AgreementDetail, Placement, SignRequest, Signer, SigningView, StoredFile } from '../api';

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** `GET agreement/read/all`: one page with every item. */
export const listPage = (items: unknown[]) => envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length });

/**
 * What `POST agreement/file/upload` answers: the multipart's `file` stored as `fileId` (its name,
 * unless the folder "Acuerdos" already had it), a PDF or an image as its type says.
 */
export function storedFile(req: MockRequest, fileId: number, extra: Partial<StoredFile> = {}): StoredFile {
  const file = (req.body as FormData).get('file') as File;
  const pdf = file.type === 'application/pdf';
  return {
    file_id: fileId,
    name: file.name,
    size: file.size,
    content_type: pdf ? 'application/pdf' : file.type,
    kind: pdf ? 'pdf' : 'image',
    url: `/api/filesystem/file/read?file_id=${fileId}`,
    ...extra,
  };
}

const meta = { state: 'active' as const, created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };

export const types = [
  { id: 'enrolment', name: 'Contrato de matrícula' },
  { id: 'data_protection', name: 'Protección de datos (RGPD)' },
  { id: 'image_rights', name: 'Cesión de derechos de imagen' },
  { id: 'guardian', name: 'Autorización del padre, madre o tutor' },
  { id: 'payment', name: 'Condiciones de pago o financiación' },
  { id: 'other', name: 'Otro' },
];

/** The name at 12,5 % / 20 %, the document below it, and the signature at 55 % / 75 %, 30 % wide. */
export const placements = (): Placement[] => [
  { variable: 'name', page: 1, x: 0.125, y: 0.2, size: 11, width: 0.25 },
  { variable: 'document', page: 1, x: 0.125, y: 0.24, size: 11, width: 0.25 },
  { variable: 'signature', page: 1, x: 0.55, y: 0.75, size: 10, width: 0.3 },
];

/** The enrolment contract (id 7): its PDF is file 301, its cover 302; two pending, one signed. */
export function agreement(extra: Partial<Agreement> = {}): Agreement {
  return {
    id: 7,
    ...meta,
    type: 'enrolment',
    type_name: 'Contrato de matrícula',
    name: 'Contrato de matrícula',
    description: 'Permiso B',
    cover_file_id: 302,
    cover_url: '/api/filesystem/file/read?file_id=302',
    pdf_file_id: 301,
    pdf_url: '/api/filesystem/file/read?file_id=301',
    variables: placements(),
    dgt_register: true,
    requested: 2,
    signed: 1,
    ...extra,
  };
}

const emptySigner = (): Signer => ({ name: '', document: '', birthday: '', address: '', city: '', province: '', postal_code: '', phone: '', guardian_name: '', guardian_document: '' });

export function request(extra: Partial<SignRequest> = {}): SignRequest {
  const reference = extra.reference ?? 'ref-lucia';
  return {
    id: 41,
    ...meta,
    agreement_id: 7,
    contact_id: 90,
    reference,
    status: 'requested',
    email: 'lucia@example.com',
    dgt_register_code: '',
    signer: { ...emptySigner(), name: 'Lucía Pérez Gómez', document: '54362315K' },
    requested_by: 2,
    signed_at: null,
    signature_file_id: null,
    signed_file_id: null,
    signed_url: null,
    path: `/agreement/sign/${reference}`,
    ...extra,
  };
}

/** Lucía's signed request, Pablo's pending one (no contact, no e-mail). */
export const requests = () => [
  request({ id: 43, contact_id: null, reference: 'ref-pablo', email: '', signer: { ...emptySigner(), name: 'Pablo Ruiz' }, created_at: '2026-11-22T10:00:00.000Z' }),
  request({ status: 'signed', signed_at: '2026-11-21T11:30:00.000Z', signature_file_id: 310, signed_file_id: 311, signed_url: '/api/filesystem/file/read?file_id=311' }),
];

export function detail(extra: Partial<AgreementDetail> = {}): AgreementDetail {
  return { ...agreement(), requests: requests(), ...extra };
}

export const config = (extra: Partial<AgreementConfig> = {}): AgreementConfig => ({
  valid_days: 30,
  mail_subject: '{{ business_name }}: «{{ agreement }}» pendiente de firma',
  mail_body: 'Hola {{ name }}:\n\nFirme aquí: {{ url }}\n\nGracias.',
  send_copy: true,
  business_name: 'Autoescuela Volante',
  business_nif: 'B58378431',
  business_address: 'Calle Mayor 1, Madrid',
  ...extra,
});

/** The signing page's view of `ref-lucia`: name and document printed, nothing else asked. */
export function signingView(extra: Partial<SigningView> = {}): SigningView {
  return {
    reference: 'ref-lucia',
    status: 'requested',
    created_at: '2026-11-20T09:00:00.000Z',
    signed_at: null,
    business_name: 'Autoescuela Volante',
    agreement: {
      name: 'Contrato de matrícula',
      description: 'Permiso B',
      type: 'enrolment',
      type_name: 'Contrato de matrícula',
      cover_url: '/api/filesystem/file/read?file_id=302&link=ref-lucia',
      pdf_url: '/api/filesystem/file/read?file_id=301&link=ref-lucia',
      dgt_register: true,
    },
    signer: { ...emptySigner(), name: 'Lucía Pérez Gómez' },
    fields: ['name', 'document'],
    guardian_below: 14,
    signed_url: null,
    ...extra,
  };
}

/** The same view once signed. */
export const signedView = (extra: Partial<SigningView> = {}) =>
  signingView({ status: 'signed', signed_at: '2026-11-26T12:00:00.000Z', signed_url: '/api/filesystem/file/read?file_id=311&link=ref-lucia', signer: { ...emptySigner(), name: 'Lucía Pérez Gómez', document: '54362315K' }, ...extra });
