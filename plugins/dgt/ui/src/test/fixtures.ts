/** What the fake host answers in the page tests: records as the dgt plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** A write answers the whole record: the one given with what was sent. */
export const saved = (record: object) => (req: MockRequest) => envelopeOk({ ...record, ...(req.body as object) });

export const branches = [
  { branch_id: 1, trade_name: 'Autoescuela Linares' },
  { branch_id: 2, trade_name: 'Autoescuela Jaén' },
];

const meta = { state: 'active', created_at: '2026-01-02T09:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z' };

/** The README's book: 37 of 200 entries used. */
export function book(extra: object = {}) {
  const capacity = (extra as { capacity?: number }).capacity ?? 200;
  return {
    id: 4,
    ...meta,
    name: 'Libro 3',
    number: 3,
    branch_id: 1,
    school_code: '2301A',
    opened_on: '2026-01-02',
    closed_on: null,
    capacity,
    notes: '',
    fill: { book_id: 4, capacity, used: 37, last_number: 37, next_number: 38, full: false },
    ...extra,
  };
}

/** A full, closed book of the other branch. */
export function fullBook() {
  return book({
    id: 2,
    name: 'Libro 2',
    number: 2,
    branch_id: 2,
    opened_on: '2024-03-01',
    closed_on: '2025-12-31',
    capacity: 100,
    fill: { book_id: 2, capacity: 100, used: 100, last_number: 100, next_number: null, full: true },
  });
}

/** The README's entry: Lucía, training for B in book 4. */
export function lucia(extra: object = {}) {
  return {
    id: 31,
    ...meta,
    book_id: 4,
    number: 37,
    contact_id: 12,
    first_name: 'Lucía',
    last_names: 'García Pérez',
    document: '12345678Z',
    birth_date: '2004-05-06',
    address: 'C/ Mayor 1',
    city: 'Linares',
    province_id: 23,
    postal_code: '23700',
    phone: '612345678',
    licence: 'B',
    enrolled_on: '2026-11-02',
    theory_exam_date: null,
    theory_result: 'pending',
    practical_exam_date: null,
    practical_result: 'pending',
    licence_issued_on: null,
    left_on: null,
    notes: '',
    book_name: 'Libro 3',
    ...extra,
  };
}

/** An entry whose licence was issued. */
export function pablo(extra: object = {}) {
  return lucia({
    id: 30,
    number: 36,
    contact_id: 13,
    first_name: 'Pablo',
    last_names: 'Ruiz Gil',
    document: 'X1234567L',
    licence: 'A2',
    theory_exam_date: '2026-09-01',
    theory_result: 'pass',
    practical_exam_date: '2026-10-01',
    practical_result: 'pass',
    licence_issued_on: '2026-10-05',
    ...extra,
  });
}

/** `student/read?id=`: the entry with its book and folders. */
export function entryDetail(entry: object = lucia(), folders: unknown[] = []) {
  return { ...entry, book_name: 'Libro 3', book_number: 3, folders };
}

/** A folder's student row, as the detail lists it. */
export function folderStudent(extra: object = {}) {
  return {
    id: 51,
    folder_id: 8,
    contact_id: 12,
    book_student_id: 31,
    tax_id: 3,
    tax_number: '9871234567',
    result: 'pending',
    notes: '',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    name: 'Lucía García Pérez',
    document: '12345678Z',
    entry_number: 37,
    entry_book_id: 4,
    tax_name: '2.1 Examen permiso B',
    ...extra,
  };
}

/** The README's folder: a theory exam for B, open, with two students. */
export function folder(extra: object = {}) {
  return {
    id: 8,
    ...meta,
    reference: 'EX-2026-0007',
    name: 'Teórico B diciembre',
    branch_id: 1,
    branch_name: 'Autoescuela Linares',
    exam_kind: 'theory',
    licence: 'B',
    exam_centre: 'Jefatura Provincial de Jaén',
    exam_date: '2026-12-03',
    submitted_on: null,
    status: 'open',
    notes: '',
    results: { pending: 1, pass: 1, fail: 0, absent: 0 },
    students: [folderStudent(), folderStudent({ id: 52, contact_id: 14, book_student_id: null, tax_id: null, tax_number: '', result: 'pass', name: '', document: '', entry_number: null, entry_book_id: null, tax_name: null })],
    ...extra,
  };
}

/** A folder as the list gives it: with `students` and `passed` counts. */
export function folderItem(extra: object = {}) {
  const { results: _r, students: _s, ...rest } = folder();
  return { ...rest, students: 2, passed: 1, ...extra };
}

/** `GET business/read` (the host): the demo school, as the printed papers head it. */
export function business(extra: object = {}) {
  return {
    business_id: 2,
    name: 'Autoescuela Demo',
    fiscal_name: 'Autoescuela Demo SL',
    fiscal_code: 'B23456789',
    email: 'info@autoescuela-demo.es',
    phone: '953000000',
    address: 'C/ Corredera 12',
    city: 'Linares',
    province_id: 23,
    postal_code: '23700',
    is_provider: false,
    status: 'active',
    ...extra,
  };
}

export const taxTypes = [
  { code: '1.1', description: 'Permisos y transferencias de vehículos' },
  { code: '2.1', description: 'Exámenes y permisos especiales' },
  { code: '4.4', description: 'Duplicados' },
];

export function tax(extra: object = {}) {
  return { id: 3, ...meta, type_code: '2.1', name: 'Examen permiso B', description: 'Tasa de examen para el permiso B', amount: 9405, ...extra };
}

/** A found contact of the contacts plugin's finder. */
export function found(id: number, display_name: string, fiscal_code = '') {
  return { id, code: String(id).padStart(6, '0'), type: 'P', display_name, fiscal_code, email: '', phone: '', branch_id: 1, state: 'active' };
}

// --- The exam report --------------------------------------------------------------------------

/** A report's figures: the students by result, with `presented` and `pass_rate` as the plugin works them out. */
export function figures({ pending = 0, pass = 0, fail = 0, absent = 0 }: { pending?: number; pass?: number; fail?: number; absent?: number } = {}) {
  const presented = pass + fail;
  return {
    students: pending + pass + fail + absent,
    pending,
    pass,
    fail,
    absent,
    presented,
    pass_rate: presented > 0 ? Math.floor((pass * 10000 + Math.floor(presented / 2)) / presented) : null,
  };
}

/** `GET dgt/center`: the centres the folders name, alphabetically. */
export const centres = [
  { name: 'Jefatura Provincial de Jaén', folders: 2, students: 5, last_exam_date: '2026-12-03' },
  { name: 'Linares', folders: 1, students: 3, last_exam_date: null },
];

/** `GET dgt/state_numbers`: the three kinds in order, and the total. */
export function stateNumbers(center: string | null, theory: object, closedCircuit: object, road: object, total: object) {
  return {
    center,
    kinds: [
      { exam_kind: 'theory', name: 'Teórico', ...theory },
      { exam_kind: 'closed_circuit', name: 'Circuito cerrado', ...closedCircuit },
      { exam_kind: 'road', name: 'Circulación', ...road },
    ],
    total,
  };
}

/** `POST dgt/convocatoria`: an undated session first, then the newest. */
export function sessions() {
  return {
    items: [
      {
        exam_date: null,
        exam_centre: 'Linares',
        exam_kind: 'road',
        exam_kind_name: 'Circulación',
        licence: 'A2',
        folders: [{ id: 9, reference: 'EX-2026-0006', name: 'Circulación A2', status: 'open' }],
        ...figures({ pending: 3 }),
      },
      {
        exam_date: '2026-12-03',
        exam_centre: 'Jefatura Provincial de Jaén',
        exam_kind: 'theory',
        exam_kind_name: 'Teórico',
        licence: 'B',
        folders: [
          { id: 8, reference: 'EX-2026-0007', name: 'Teórico B diciembre', status: 'closed' },
          { id: 11, reference: 'EX-2026-0010', name: 'Teórico B diciembre (2)', status: 'closed' },
        ],
        ...figures({ pass: 2, fail: 1, absent: 1 }),
      },
    ],
    total: figures({ pending: 3, pass: 2, fail: 1, absent: 1 }),
  };
}
