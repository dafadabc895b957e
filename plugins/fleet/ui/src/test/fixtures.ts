/** What the fake host answers in the page tests: records as the fleet plugin writes them. */
import { envelopeOk } from '@volante/plugin-ui/testing';

const meta = (id: number, state = 'active') => ({ id, state, created_at: '2026-01-10T09:00:00Z', updated_at: '2026-11-20T10:00:00Z' });

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

export const brands = [
  { id: 1, name: 'ALFA ROMEO' },
  { id: 27, name: 'RENAULT' },
  { id: 29, name: 'SEAT' },
  { id: 36, name: 'YAMAHA' },
];

export function vehicleItem(id: number, extra: object = {}) {
  return {
    ...meta(id),
    plate: '1234BCD',
    kind: 'car',
    brand_id: 29,
    brand: 'SEAT',
    model: 'Ibiza',
    licence_classes: ['B'],
    fuel: 'diesel',
    gearbox: 'manual',
    dual_controls: true,
    vin: '',
    registration_date: '2022-03-01',
    itv_due: '2026-12-10',
    odometer_km: 48210,
    teacher_user_id: null,
    branch_id: 1,
    notes: '',
    itv: { state: 'due_soon', days_left: 17 },
    ...extra,
  };
}

export const seat = vehicleItem(5);
export const yamaha = vehicleItem(6, {
  plate: 'C1234BCD', kind: 'moped', brand_id: 36, brand: 'YAMAHA', model: 'Neos', licence_classes: ['AM'], fuel: 'gasoline',
  itv_due: null, odometer_km: 1200, state: 'inactive', itv: { state: 'unknown', days_left: null },
});

export function entry(id: number, extra: object = {}) {
  return {
    id, vehicle_id: 5, plate: '1234BCD', workshop_id: null, workshop_name: null, done_on: '2026-10-02', kind: 'service', itv_result: null,
    next_itv_due: null, odometer_km: 47000, cost_cents: 18950, description: 'Aceite y filtros', created_by: 2, created_at: '2026-10-02T10:00:00Z',
    ...extra,
  };
}

export function policy(id: number, extra: object = {}) {
  return {
    ...meta(id),
    company_id: 3, company: 'ALLIANZ', policy_number: 'AZ-2026-001', kind: 'vehicle', coverage: 'comprehensive', vehicle_id: 5, plate: '1234BCD',
    branch_id: 1, start_date: '2026-01-15', end_date: '2027-01-14', premium_cents: 64500, payment: 'annual', notes: '', status: 'current', days_left: 52,
    ...extra,
  };
}

export function vehicleView(extra: object = {}) {
  return {
    ...seat,
    teacher: { user_id: 7, name: 'Pablo Profesor Demo', active: true },
    teacher_user_id: 7,
    maintenance: [],
    insurances: [policy(11)],
    ...extra,
  };
}

export function workshop(id: number, extra: object = {}) {
  return {
    ...meta(id),
    name: 'Talleres Hermanos García', category: 'workshop', tax_code: 'B12345674', contact_person: 'Luis García', phone: '911234567',
    email: 'taller@example.es', street: 'Calle del Motor 4', city: 'Madrid', province_id: 28, postal_code: '28021', notes: '',
    ...extra,
  };
}

/** The calls behind the teacher picker and the branch select. */
export const staffRoutes = {
  'GET vehicle/teachers': envelopeOk([
    { user_id: 2, name: 'Dolores Directora Demo', branch_id: 1 },
    { user_id: 8, name: 'Marta Ruiz', branch_id: 2 },
    { user_id: 7, name: 'Pablo Profesor Demo', branch_id: 2 },
  ]),
  'GET business/branch/list': envelopeOk([
    { branch_id: 1, trade_name: 'Autoescuela Demo Centro' },
    { branch_id: 2, trade_name: 'Autoescuela Demo Norte' },
  ]),
};
