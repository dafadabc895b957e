/** What the fake host answers in the page tests: records as the employees plugin writes them (README). */
import { envelopeOk } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

export const branches = [
  { branch_id: 1, trade_name: 'Autoescuela Demo Centro' },
  { branch_id: 2, trade_name: 'Autoescuela Demo Alcalá' },
];

export const positions = [
  { position_id: 1, name: 'Director' },
  { position_id: 2, name: 'Profesor' },
  { position_id: 3, name: 'Administrativo' },
];

export const roles = [
  { role_id: 3, name: 'Administración', is_super: false },
  { role_id: 1, name: 'Dirección', is_super: true },
  { role_id: 2, name: 'Profesor', is_super: false },
];

/** The calls behind the branches and positions (filters, columns, check boxes). */
export const businessRoutes = {
  'GET business/branch/list': envelopeOk(branches),
  'GET business/position/read': envelopeOk(positions),
};

/** The README's example employee (Lucía, teacher of B and A2, with an account), as the full record. */
export function lucia(extra: object = {}) {
  return {
    id: 3,
    state: 'active',
    created_at: '2024-09-01T08:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    code: 'E0003',
    fiscal_code: '12345678Z',
    gender: 'female',
    first_name: 'Lucía',
    last_name: 'Martín',
    second_last_name: 'Gil',
    birthday: '1990-04-12',
    phone: '612345678',
    street: '',
    city: '',
    province_id: 28,
    postal_code: '28001',
    branch_id: 1,
    branches: [1, 2],
    positions: [2],
    incorporation_date: '2024-09-01',
    observations: '',
    is_teacher: true,
    teacher_classes: ['B', 'A2'],
    teacher_number: 'PR-28-1234',
    contract_type: 'indefinite',
    workday: 'full_time',
    weekly_hours: 40.0,
    social_security_number: '281234567840',
    iban: 'ES9121000418450200051332',
    professional_category: 'Profesor de formación vial',
    leave_date: null,
    user_id: 12,
    name: 'Lucía Martín Gil',
    account: { user_id: 12, email: 'lucia@autoescuela-demo.es', role_id: 2, role: 'Profesor', active: true, locked: false },
    branch_names: ['Autoescuela Demo Centro', 'Autoescuela Demo Alcalá'],
    position_names: ['Profesor'],
    has_pin: true,
    ...extra,
  };
}

/** An office worker without an account, inactive, of the second branch. */
export function tomas(extra: object = {}) {
  return lucia({
    id: 4,
    state: 'inactive',
    code: 'E0004',
    fiscal_code: 'X1234567L',
    gender: 'male',
    first_name: 'Tomás',
    last_name: 'Ruiz',
    second_last_name: '',
    branch_id: 2,
    branches: [2],
    positions: [3],
    is_teacher: false,
    teacher_classes: [],
    teacher_number: '',
    user_id: null,
    name: 'Tomás Ruiz',
    account: null,
    branch_names: ['Autoescuela Demo Alcalá'],
    position_names: ['Administrativo'],
    has_pin: false,
    ...extra,
  });
}

/** A list item: the stored fields, the name and the account's state (no names of branches). */
export function item(record: ReturnType<typeof lucia>) {
  const { branch_names: _b, position_names: _p, has_pin: _h, ...rest } = record;
  const account = record.account ? { email: record.account.email, active: record.account.active, locked: record.account.locked } : null;
  return { ...rest, account };
}

export function device(id: number, extra: object = {}) {
  return {
    device_id: id,
    user_id: 12,
    email: 'lucia@autoescuela-demo.es',
    first_name: 'Lucía',
    last_name: 'Martín Gil',
    device: 'a1b2c3d4e5f6a7b8',
    name: 'Portátil de la oficina',
    authorized: true,
    authorized_until: '2027-02-21T10:00:00Z',
    created_at: '2026-11-01T09:00:00Z',
    last_seen_at: '2026-11-22T17:30:00Z',
    sessions: [
      { session_id: 40, current: false, ip: '192.168.1.20', user_agent: 'Mozilla/5.0 Firefox', created_at: '2026-11-22T08:00:00Z', last_seen_at: '2026-11-22T17:30:00Z', expires_at: '2026-11-23T08:00:00Z' },
    ],
    ...extra,
  };
}

/** A piece of the host's permission tree and a plugin's branch (`group`). */
export const tree = [
  { key: 'dashboard', label: 'Escritorio', children: [{ key: 'dashboard.meeting_room', label: 'Sala de reuniones', children: [] }] },
  {
    key: 'employee',
    label: 'Empleados',
    children: [
      { key: 'employee.devices', label: 'Dispositivos y sesiones', children: [] },
      { key: 'employee.permissions', label: 'Permisos', children: [] },
    ],
  },
  { key: 'fleet', label: 'Flota', group: true, children: [{ key: 'fleet.vehicles', label: 'Vehículos', children: [] }] },
];

export function role(id: number, extra: object = {}) {
  return { role_id: id, name: 'Profesor', is_super: false, menu_access: true, permissions: ['dashboard'], created_at: '2026-01-10T09:00:00Z', updated_at: '2026-01-10T09:00:00Z', ...extra };
}
