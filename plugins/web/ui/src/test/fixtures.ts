/** What the fake host answers in the page tests: records as the web plugin's README shows them. */
import { envelopeOk, readError, type MockRequest } from '@volante/plugin-ui/testing';

export const lucia = {
  name: 'Lucía Pérez Gómez',
  nif: '54362315K',
  email: 'lucia@example.com',
  phone: '612345678',
  address: 'Calle Mayor 1',
  postal_code: '28001',
  city: 'Madrid',
  province: 'Madrid',
};

export function line(extra: object = {}) {
  return { product_id: 3, reference: 'B-COMPLETO', name: 'Permiso B completo', quantity: 1, price: 49587, tax_id: 1, tax_name: 'IVA 21 %', tax_rate: 2100, total: 60000, ...extra };
}

export function order(id: number, extra: object = {}) {
  return {
    id,
    reference: `00000${id}k3q9zx`,
    status: 1,
    status_name: 'Pendiente de pago',
    created_at: '2026-11-27T10:00:00.000Z',
    paid_at: null,
    configured_at: null,
    payment_method: 'card',
    customer: lucia,
    notification_email: 'lucia@example.com',
    lines: [line()],
    total: 60000,
    note: '',
    notifications: [],
    invoice_id: null,
    invoice_number: '',
    ...extra,
  };
}

/** A paid order with its accepted notification. */
export const paid = order(7, {
  status: 2,
  status_name: 'Pagado',
  paid_at: '2026-11-27T10:05:30.000Z',
  notifications: [{ at: '2026-11-27T10:05:30.000Z', response: '0000', authorisation: '123456', ok: true, amount: 60000 }],
});

/** `GET web/ecommerce/order/readall`: the SDK's page with the counts of every state. */
export function orderPage(orders: unknown[], counts: Record<string, number> = { '1': 1, '2': 1, '3': 0, '4': 0 }, meta: object = {}) {
  return envelopeOk({ items: orders, total: orders.length, page: 1, per_page: 25, from: orders.length ? 1 : 0, to: orders.length, counts, ...meta });
}

export function gateway(extra: object = {}) {
  return {
    merchant_code: '999008881',
    terminal: '1',
    environment: 'test',
    bizum: false,
    key_set: true,
    currency: '978',
    notify_url: 'https://volante.example/api/web/api/payments/tpv/notify/wk_live_abc123',
    payment_url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    configured: true,
    ...extra,
  };
}

/** `GET web/sales/billing/read`: no invoice on payment, the billing module's default series. */
export function sales(extra: object = {}) {
  return { auto_invoice: false, series_id: null, ...extra };
}

/** A series of the billing module as its `GET sales/billing/read` answers it (the fields the screen reads, and some more). */
export function billingSeries(id: number, code: string, name: string, extra: object = {}) {
  return { id, state: 'active', code, name, description: '', simplified: false, issuer_tax_code: 'B12345678', issuer_name: 'Autoescuela Volante SL', next_invoice: 1, next_budget: 1, ...extra };
}

const LABELS: Record<string, string> = {
  maps: 'Mapas',
  analytics: 'Analítica',
  social: 'Redes sociales',
  gateway: 'Pasarela de pago',
  messaging: 'Correo y SMS',
  integration: 'Integración externa',
};

/** `GET web/apis/read`: the web-api key and the six kinds (`overrides` by kind). */
export function apis(webapi_key: string | null = 'wk_live_abc123', overrides: Record<string, object> = {}) {
  return {
    webapi_key,
    keys: Object.entries(LABELS).map(([kind, label]) => ({ kind, label, public_key: '', private_set: false, ...overrides[kind] })),
  };
}

/* The customer area. */

/** The school's web-api key and a customer's token, as the links carry them. */
export const WEBAPI_KEY = 'wk_live_abc123';
export const CUSTOMER_TOKEN = 'ct_lucia_7f3k';

/** `CustomerUser`: Lucía as the customer area knows her. */
export const customerUser = { id: 4, ...lucia };

/** A customer's mode in the shop as the answers give it (`status` null: none). */
export function customerMode(status: 'demo' | 'enrolled' | null = null) {
  return { status, status_name: status === 'demo' ? 'Demostración' : status === 'enrolled' ? 'Matriculado' : '' };
}

/** An order's `buyer` (`order/read/{id}`): Lucía's contact 4 and her mode. */
export function buyer(status: 'demo' | 'enrolled' | null = null, contact_id: number | null = customerUser.id) {
  return { contact_id, ...customerMode(contact_id === null ? null : status) };
}

/** `GET web/api/user/data`: Lucía without a mode in the shop, unless `extra` says otherwise. */
export function customerData(extra: object = {}) {
  return { user: customerUser, status: customerMode(), orders: { total: 3, unpaid: 1 }, agreements: { total: 2, pending: 1 }, ...extra };
}

/** A customer's agreement as `GET web/api/user/agreement` lists it: pending unless `extra` says otherwise. */
export function agreement(id: number, extra: object = {}) {
  return {
    id,
    agreement_name: 'Contrato de matrícula',
    type: 'enrolment',
    type_name: 'Matrícula',
    status: 'requested',
    requested_at: '2026-11-20T09:00:00.000Z',
    signed_at: null,
    sign_path: `/agreement/sign/ref-${id}`,
    signed_url: null,
    ...extra,
  };
}

/**
 * One of the customer's online courses as `GET web/api/user/formative` lists it (the formative
 * module's assignment with the content's `hours`): open today, 4 of 10 lessons done, unless
 * `extra` says otherwise.
 */
export function course(id: number, extra: object = {}) {
  return {
    id,
    content_id: 2,
    content_name: 'Teórico del permiso B',
    hours: 20,
    contact_id: customerUser.id,
    name: lucia.name,
    email: lucia.email,
    starts_on: '2026-11-01',
    ends_on: '2027-01-30',
    percentage: 100,
    total: 10,
    open: 10,
    done: 4,
    progress: 40,
    status: 'active',
    reached_90_at: null,
    completed_at: null,
    last_seen_at: '2026-11-25T18:00:00.000Z',
    url: `https://volante.example.com/formacion/fa_ref_${id}`,
    state: 'active',
    created_at: '2026-11-01T09:00:00.000Z',
    ...extra,
  };
}

/** `GET web/api/product/read/{id}`: a product on sale (its unit `total` with the tax), which renews nothing. */
export function product(id: number, extra: object = {}) {
  return { id, reference: 'B-COMPLETO', name: 'Permiso B completo', description: 'Matrícula, teórico y 20 prácticas', price: 49587, tax_id: 1, tax_name: 'IVA 21 %', tax_rate: 2100, total: 60000, price_visible: true, renews: false, ...extra };
}

/** `GET web/api/payments/tpv/read` (gateway.rs `storefront_methods`). */
export function methods(bizum = false, extra: object = {}) {
  return { configured: true, environment: 'test', methods: bizum ? ['card', 'bizum'] : ['card'], ...extra };
}

/** `POST web/api/ecommerce/preorder`'s answer: the order placed and the bank's form. */
export function preorderAnswer(extra: object = {}) {
  return {
    order: order(12, { reference: '000012ab34cd' }),
    payment: {
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiI2MDAwMCJ9', Ds_Signature: 'c2lnbmF0dXJl' },
    },
    ...extra,
  };
}

/* The shop's legal texts. */

export type LegalKindName = 'legal_notice' | 'privacy' | 'cookies' | 'terms';

/** The kinds in the host's order, with its Spanish names (legal.rs `KINDS`). */
export const LEGAL_NAMES: Record<LegalKindName, string> = {
  legal_notice: 'Aviso legal',
  privacy: 'Política de privacidad',
  cookies: 'Política de cookies',
  terms: 'Condiciones de compra',
};

const LEGAL_SAMPLES: Record<LegalKindName, { title: string; body: string }> = {
  legal_notice: {
    title: 'Aviso legal de Autoescuela Volante',
    body: 'Autoescuela Volante SL\nNIF B12345678\nCalle Mayor 1, 28001 Madrid\n\nInscrita en el Registro Mercantil de Madrid, tomo 1234, folio 56.',
  },
  privacy: { title: 'Política de privacidad', body: 'Tratamos sus datos para gestionar su matrícula y sus pedidos.\n\nPuede ejercer sus derechos escribiendo a privacidad@autoescuela.example.' },
  cookies: { title: 'Política de cookies', body: 'Esta web solo usa las cookies necesarias para funcionar.' },
  terms: {
    title: 'Condiciones de compra',
    body: '1. Objeto\nEstas condiciones regulan la compra de cursos en la web de la autoescuela.\n\n2. Pago\nSe paga con tarjeta o Bizum en la página del banco.',
  },
};

/** A version of a legal text as `web/legal/read` answers it (written by the director, user 2). */
export function legalText(kind: LegalKindName, version = 1, extra: object = {}) {
  return { kind, name: LEGAL_NAMES[kind], version, ...LEGAL_SAMPLES[kind], user_id: 2, created_at: '2026-11-20T09:00:00.000Z', ...extra };
}

/** `GET web/legal/read`: the four kinds with the text in force (`current` by kind; none: never written) and, when given, the versions. */
export function legalTexts(current: Partial<Record<LegalKindName, object | null>> = {}, versions?: object[]) {
  const texts = (Object.keys(LEGAL_NAMES) as LegalKindName[]).map((kind) => ({ kind, name: LEGAL_NAMES[kind], current: current[kind] ?? null }));
  return versions ? { texts, versions } : { texts };
}

/** A text the school publishes as `GET web/api/legal/read` lists it (no `user_id`). */
export function publishedText(kind: LegalKindName, extra: object = {}) {
  const { user_id: _, ...text } = legalText(kind, 1, extra);
  return text;
}

/**
 * `GET web/api/legal/read` of a school that publishes `texts`: all of them without `kind`, the one
 * asked with it (`NOT-FOUND-000` when it has none, as legal.rs answers).
 */
export function storefrontLegal(texts: ReturnType<typeof publishedText>[] = []) {
  return (req: MockRequest) => {
    const kind = req.query.get('kind') as LegalKindName | null;
    if (!kind) return envelopeOk(texts);
    const text = texts.find((t) => t.kind === kind);
    return text ? envelopeOk(text) : readError('NOT-FOUND-000', `La autoescuela no ha publicado «${LEGAL_NAMES[kind]}»`, { entity: LEGAL_NAMES[kind] });
  };
}

/* The school's blog. */

export type BlogStatusName = 'pending' | 'waiting' | 'published' | 'discarded';

/** A post as `GET web/blog/post/read` answers it (the SDK's record: flat, with `state` and `link`): published unless `extra` says otherwise. */
export function blogPost(id: number, extra: object = {}) {
  return {
    id,
    state: 'active',
    title: 'Nuevo horario de clases teóricas',
    tags: ['horarios', 'teórica'],
    header_file_id: 70,
    content: 'Desde diciembre las clases teóricas son por la tarde.\n\nDe lunes a jueves, de 18:00 a 20:00.',
    gallery: [71, 72],
    publish_at: '2026-12-01T09:00:00Z',
    status: 'published',
    user_id: 2,
    link: 'lnk_abc',
    created_at: '2026-11-28T10:00:00Z',
    updated_at: '2026-11-28T10:00:00Z',
    ...extra,
  };
}

/** `GET web/blog/post/read`: the SDK's page with the counts of every status. */
export function blogPage(posts: unknown[], counts: Record<BlogStatusName, number> = { pending: 1, waiting: 1, published: 2, discarded: 0 }, meta: object = {}) {
  return envelopeOk({ items: posts, total: posts.length, page: 1, per_page: 25, from: posts.length ? 1 : 0, to: posts.length, counts, ...meta });
}

/** A published post as `GET web/api/blog/read` gives it to the site (its images' public addresses). */
export function publicPost(id: number, extra: object = {}) {
  const url = (fileId: number) => `/api/filesystem/file/read?file_id=${fileId}&link=lnk_${id}`;
  return {
    id,
    title: 'Nuevo horario de clases teóricas',
    tags: ['horarios', 'teórica'],
    content: 'Desde diciembre las clases teóricas son por la tarde.\n\nDe lunes a jueves, de 18:00 a 20:00.',
    publish_at: '2026-12-01T09:00:00Z',
    header_url: url(70),
    gallery_urls: [url(71), url(72)],
    ...extra,
  };
}

/**
 * `GET web/api/blog/read` of a school that published `posts` (newest first): a page of them, or
 * those with `tag`; with `id` that one (`NOT-FOUND-000` when it is not among them, as blog.rs answers).
 */
export function storefrontBlog(posts: ReturnType<typeof publicPost>[] = []) {
  return (req: MockRequest) => {
    const id = req.query.get('id');
    if (id) {
      const post = posts.find((p) => String(p.id) === id);
      return post ? envelopeOk(post) : readError('NOT-FOUND-000', 'La entrada no existe', { entity: 'Entrada' });
    }
    const tag = req.query.get('tag');
    const page = Number(req.query.get('page') ?? 1);
    const perPage = Number(req.query.get('per_page') ?? 10);
    const matching = tag ? posts.filter((p) => p.tags.includes(tag)) : posts;
    return envelopeOk({ items: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, per_page: perPage });
  };
}
