/** What the fake host answers in the page tests: records as the consulting plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a GET as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

const meta = { state: 'active', created_at: '2026-01-10T09:00:00.000Z', updated_at: '2026-01-10T09:00:00.000Z' };
const noGroup = { group_id: null, group_name: null, group_color: null };
const contact = { contact_person: '', phone: '', email: '', street: '', postal_code: '', city: '', province_id: null };

/** One kind's groups (`GET consulting/{kind}/group/read`), by name, with their live records. */
export const groups = () => [
  { id: 1, ...meta, ...noGroup, name: 'Hostelería', color: '#fc0', count: 1 },
  { id: 2, ...meta, ...noGroup, name: 'Transporte', color: '#f1416c', count: 2 },
];

/** A course as the details of a centre, company or worker list it. */
export const summary = (extra: object = {}) => ({ id: 31, name: 'Carretillas elevadoras', start_date: '2026-03-02', end_date: '2026-03-06', status: 'draft', hours: 20, ...extra });

/** Transportes Ebro: in "Transporte", two workers, 4.200 € of credit, 1.234,56 € used. */
export function company(extra: object = {}) {
  return {
    id: 3,
    ...meta,
    name: 'Transportes Ebro SL',
    tax_code: 'B50123456',
    contribution_account: '50123456789',
    cnae: '4941',
    staff: 42,
    training_credit: 420000,
    representative_name: 'Marta Gil Sanz',
    representative_dni: '12345678Z',
    ...contact,
    contact_person: 'Marta Gil',
    phone: '976123456',
    email: 'formacion@ebro.example',
    street: 'Calle Mayor 1',
    postal_code: '50001',
    city: 'Zaragoza',
    province_id: 50,
    group_id: 2 as number | null,
    group_name: 'Transporte' as string | null,
    group_color: '#f1416c' as string | null,
    notes: '',
    workers: 2,
    courses: [summary(), summary({ id: 32, name: 'Prevención de riesgos', start_date: '2026-04-13', end_date: null, status: 'notified', hours: 8 })],
    credit_used: 123456,
    credit_left: 296544,
    ...extra,
  };
}

/** Ana López, of Transportes Ebro, in one finished course. */
export function worker(extra: object = {}) {
  return {
    id: 21,
    ...meta,
    first_name: 'Ana',
    last_name: 'López García',
    dni: '12345678Z',
    social_security_number: '281234567840',
    birth_date: '1990-05-14' as string | null,
    gender: 'female' as string | null,
    email: 'ana@ebro.example',
    phone: '600111222',
    company_id: 3 as number | null,
    company_name: 'Transportes Ebro SL' as string | null,
    education_level: 'upper_secondary' as string | null,
    professional_category: 'skilled' as string | null,
    contribution_group: 8 as number | null,
    disability: false,
    ...noGroup,
    notes: '',
    courses: [summary({ status: 'finished', centre_name: 'Academia Delta' })],
    hours_finished: 20,
    ...extra,
  };
}

/** Academia Delta, an accredited centre in Zaragoza, teaching one course. */
export function centre(extra: object = {}) {
  return {
    id: 5,
    ...meta,
    name: 'Academia Delta',
    tax_code: 'B99000001',
    accreditation: '26/0000123',
    ...contact,
    city: 'Zaragoza',
    province_id: 50,
    group_id: 1 as number | null,
    group_name: 'Hostelería' as string | null,
    group_color: '#fc0' as string | null,
    notes: '',
    courses: [summary()],
    ...extra,
  };
}

/** Ana as a course lists her. */
export const participant = (extra: object = {}) => ({ id: 21, first_name: 'Ana', last_name: 'López García', dni: '12345678Z', company_name: 'Transportes Ebro SL', ...extra });

/** "Carretillas elevadoras" for Transportes Ebro at Academia Delta, 2–6 March 2026, Ana and Luis taking part. */
export function course(extra: object = {}) {
  return {
    id: 31,
    ...meta,
    name: 'Carretillas elevadoras',
    action_code: '12',
    group_code: '3',
    modality: 'in_person',
    hours: 20 as number | null,
    start_date: '2026-03-02' as string | null,
    end_date: '2026-03-06' as string | null,
    centre_id: 5 as number | null,
    centre_name: 'Academia Delta' as string | null,
    company_id: 3 as number | null,
    company_name: 'Transportes Ebro SL' as string | null,
    trainer: 'Luis Pérez',
    cost: 123456 as number | null,
    status: 'draft',
    workers: [21, 22],
    ...noGroup,
    notes: '',
    participants: [participant(), participant({ id: 22, first_name: 'Luis', last_name: 'Martín', dni: '87654321X' })],
    participants_count: 2,
    notify_by: '2026-02-28' as string | null,
    ...extra,
  };
}
