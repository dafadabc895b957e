/** What the fake host answers in the page tests: records as the products plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

interface Item {
  product_id: number;
  quantity: number;
  discount_type: string | null;
  discount_value: number;
}

/** An automatic process as the host stores it (the kind's other fields empty). */
interface StoredProcess {
  kind: string;
  agreement_id: number | null;
  subject: string;
  body: string;
  licence: string;
  days: number | null;
  content_id: number | null;
  percentage: number | null;
  practice_type_id: number | null;
  quantity: number | null;
  repetitions: number | null;
}

const meta = { state: 'active', created_at: '2026-01-02T09:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z' };

/** The billing module's taxes usable on a product, the default first (`GET product/taxes`). */
export const taxes = {
  available: true,
  taxes: [
    { id: 1, name: 'IVA 21 %', kind: 'IVA', rate: 2100, region: 'peninsula', is_default: true },
    { id: 2, name: 'IVA 10 %', kind: 'IVA', rate: 1000, region: 'peninsula', is_default: false },
    { id: 4, name: 'IVA exento', kind: 'IVA', rate: 0, region: 'peninsula', is_default: false },
  ],
};
/** Without the billing module. */
export const noTaxes = { available: false, taxes: [] };

export function category(extra: object = {}) {
  return { id: 3, ...meta, name: 'Cursos', description: 'Cursos teóricos y prácticos', status: 'publish', thumbnail_file_id: null, products: 2, ...extra };
}

export const categories = () => [
  category(),
  category({ id: 4, name: 'Libros', description: '', products: 1 }),
  category({ id: 5, name: 'Tasas', description: '', status: 'private', products: 0, state: 'inactive' }),
];

/** The theory course: 100 € + IVA 21 % = 121 €, in "Cursos", one supplier. */
export function product(extra: object = {}) {
  return {
    id: 11,
    ...meta,
    reference: '000001',
    name: 'Curso teórico B',
    description: 'Clases de teoría del permiso B',
    status: 'published',
    image_file_id: null as number | null,
    file_ids: [] as number[],
    category_ids: [3],
    provider_ids: [] as number[],
    provider_reference: '',
    purchase_price: 4000,
    price: 10000,
    tax_id: 1 as number | null,
    tax_name: 'IVA 21 %',
    tax_rate: 2100,
    total: 12100,
    price_visible: true,
    is_pack: false,
    pack_items: [] as Item[],
    processes: [] as StoredProcess[],
    ...extra,
  };
}

/** The book: 25,50 € + IVA 4 %. */
export const book = (extra: object = {}) =>
  product({ id: 12, reference: '000002', name: 'Libro de test', description: '', category_ids: [4], purchase_price: 1200, price: 2550, tax_id: 3, tax_name: 'IVA 4 %', tax_rate: 400, total: 2652, ...extra });

/** The pack: the course with 10 % off and the book, 2 units, 5 € off: 90 € + 46 € = 136 € + 21 %. */
export function pack(extra: object = {}) {
  return product({
    id: 20,
    reference: '000003',
    name: 'Pack B completo',
    description: '',
    category_ids: [3, 4],
    purchase_price: 0,
    price: 13600,
    total: 16456,
    is_pack: true,
    pack_items: [
      { product_id: 11, quantity: 1, discount_type: 'percent', discount_value: 1000 },
      { product_id: 12, quantity: 2, discount_type: 'quantity', discount_value: 500 },
    ],
    ...extra,
  });
}

/** `GET product/read/{id}`: the product with what it names. */
export function detail(record: ReturnType<typeof product>, extra: object = {}) {
  const names: Record<number, string> = { 3: 'Cursos', 4: 'Libros' };
  return {
    ...record,
    categories: record.category_ids.map((id: number) => ({ id, name: names[id] ?? `Categoría ${id}` })),
    providers: [],
    files: [],
    pack_lines: [],
    packs: [],
    ...extra,
  };
}

/** The pack's lines as the host priced them. */
export const packLines = () => [
  { product_id: 11, quantity: 1, discount_type: 'percent', discount_value: 1000, name: 'Curso teórico B', reference: '000001', unit_price: 10000, gross: 10000, discount: 1000, net: 9000 },
  { product_id: 12, quantity: 2, discount_type: 'quantity', discount_value: 500, name: 'Libro de test', reference: '000002', unit_price: 2550, gross: 5100, discount: 500, net: 4600 },
];

export const packDetail = (extra: object = {}) => detail(pack(), { pack_lines: packLines(), ...extra });

/** A supplier of the contacts module (`GET provider/read`'s items). */
export function supplier(id: number, display_name: string, fiscal_code = '') {
  return { id, code: String(id).padStart(6, '0'), type: 'E', display_name, fiscal_name: display_name, fiscal_code, relation: 'provider' };
}

/** Every field a stored process carries, empty (the host stores the kind's others so). */
const noFields = { agreement_id: null, subject: '', body: '', licence: '', days: null, content_id: null, percentage: null, practice_type_id: null, quantity: null, repetitions: null };

/** A contract process as stored: the agreement to sign. */
export const contractProcess = (agreement_id = 7): StoredProcess => ({ ...noFields, kind: 'contract', agreement_id });
/** An e-mail process as stored. */
export const emailProcess = (subject = 'Bienvenida', body = 'Hola {{ name }}, gracias por comprar {{ product }}.'): StoredProcess => ({ ...noFields, kind: 'email', subject, body });
/** An online-test process as stored (`online_test_days` or `online_test_extend`): the licence and the days. */
export const onlineTestProcess = (kind: 'online_test_days' | 'online_test_extend' = 'online_test_days', licence = 'B', days = 90): StoredProcess => ({ ...noFields, kind, licence, days });
/** A formative-content process as stored: the content, and its days (null: the content's own). */
export const formativeContentProcess = (content_id = 31, days: number | null = null): StoredProcess => ({ ...noFields, kind: 'formative_content', content_id, days });
/** A content-percentage process as stored: the content and the share open. */
export const formativePercentageProcess = (content_id = 31, percentage = 50): StoredProcess => ({ ...noFields, kind: 'formative_percentage', content_id, percentage });
/** A practical-classes process as stored: the practices module's type of lesson and the lessons per unit bought. */
export const practiceClassProcess = (practice_type_id = 4, quantity = 5): StoredProcess => ({ ...noFields, kind: 'practice_class', practice_type_id, quantity });
/** A customer-mode process as stored (`customer_demo` or `customer_enrolled`): no fields. */
export const customerModeProcess = (kind: 'customer_demo' | 'customer_enrolled' = 'customer_demo'): StoredProcess => ({ ...noFields, kind });
/** A test-repetitions process as stored: the licence and the repetitions of each test. */
export const testRepetitionsProcess = (licence = 'B', repetitions = 2): StoredProcess => ({ ...noFields, kind: 'test_repetitions', licence, repetitions });

/** The agreements module's agreements (`GET agreement/read/all`'s items). */
export function agreement(id: number, name: string, extra: object = {}) {
  return { id, ...meta, type: 'contract', type_name: 'Contrato', name, description: '', cover_file_id: null, pdf_file_id: null, variables: [], dgt_register: false, cover_url: null, pdf_url: null, requested: 0, signed: 0, ...extra };
}
export const agreements = () => [agreement(7, 'Contrato de enseñanza'), agreement(8, 'Autorización de menores')];

/** A published content of the formative module (`GET formative/content/read`'s page items: an SDK record, flat). */
export function formativeContent(id: number, name: string, extra: object = {}) {
  return { id, ...meta, name, description: '', category: 'B', hours: 10, access_days: 90, temary_ids: [2], status: 'publish', syllabi: 1, students: 0, ...extra };
}
export const formativeContents = () => [formativeContent(31, 'Teórico B online'), formativeContent(32, 'CAP inicial', { category: 'CAP', access_days: 365 })];

/** A type of practical lesson of the practices module (`GET hermes/practice/type/read`'s page items: an SDK record, flat). */
export function practiceType(id: number, name: string, licence = 'B', extra: object = {}) {
  return { id, ...meta, name, licence, minutes: 45, price: 3500, description: '', ...extra };
}
export const practiceTypes = () => [practiceType(4, 'Clase de circulación'), practiceType(6, 'Clase de pista', 'A2', { minutes: 30, price: 2500 }), practiceType(5, 'Autopista', 'B', { minutes: 90, price: 6000 })];

/** What an automatic process did for an order (`GET product/process/runs`'s items). */
export function processRun(extra: object = {}) {
  return {
    id: 1,
    order_id: 501,
    order_reference: 'W-000501',
    product_id: 11,
    product_name: 'Curso teórico B',
    position: 0,
    kind: 'email',
    kind_name: 'Enviar un correo',
    ok: true,
    detail: 'Correo «Bienvenida» enviado a ana@example.com',
    buyer_email: 'ana@example.com',
    ran_at: '2026-03-14T09:30:00Z',
    attempts: 1,
    ...extra,
  };
}

/** The routes a product's form asks besides the product itself (and its view: what its processes did). */
export function formRoutes({ billing = true } = {}) {
  return {
    'GET product/taxes': envelopeOk(billing ? taxes : noTaxes),
    'GET product/category/read': page(categories().slice(0, 2)),
    'GET product/process/runs': page([]),
  };
}

/** The QR code the host draws (an SVG document, `qrcode`'s look), small. */
export const QR_SVG = '<?xml version="1.0" standalone="yes"?><svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="29" height="29" viewBox="0 0 29 29"><rect x="0" y="0" width="29" height="29" fill="#fff"/><path fill="#000" d="M4 4h7v7h-7z"/></svg>';
/** The product's order page in the customer area, with the web-api key (web's `web.order_link`). */
export const SHOP_URL = 'https://autoescuela.example/layout/contact/order/create?key=k-123&product=11';

/** The school's poster design as stored. */
export const posterDesign = (extra: object = {}) => ({ headline: '¡Matrícula abierta!', contact: 'Calle Mayor 1 · 912 345 678 · autoescuela.example', color: '#009EF7', ...extra });

/** The products on sale as the poster's chooser gets them. */
export const posterChoices = () => [
  { id: 11, reference: '000001', name: 'Curso teórico B' },
  { id: 12, reference: '000002', name: 'Libro de test' },
];

/** `GET marketing/poster/data`: the chosen one as the shop shows it (the course, with a picture), or none. */
export function posterData(chosen: object | null = {}, extra: object = {}) {
  const shown = chosen && {
    id: 11,
    reference: '000001',
    name: 'Curso teórico B',
    description: 'Clases de teoría del permiso B',
    price: 10000,
    tax_id: 1,
    tax_name: 'IVA 21 %',
    tax_rate: 2100,
    total: 12100,
    price_visible: true,
    is_pack: false,
    renews: false,
    image_file_id: 77 as number | null,
    ...chosen,
  };
  return { products: posterChoices(), product: shown, school: 'Autoescuela Demo Centro', shop_url: shown ? SHOP_URL : null, qr_svg: shown ? QR_SVG : null, design: posterDesign(), ...extra };
}
