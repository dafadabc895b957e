import { describe, expect, it } from 'vitest';
import { accountState, describeDetail, formatHours, formatIban, normaliseIban, parseHours, personName } from './format';
import { LICENCE_CLASSES, inLicenceOrder, tabOf } from './lists';
import { personalBody, personalDraft, mainAmong } from './components/EmployeeFields';
import { labourBody, labourDraft } from './tabs/LabourTab';
import { createBody, createDraft } from './components/EmployeeCreateForm';
import { accountBody, accountProblem } from './components/AccountFields';
import { treeKeys } from './components/PermissionTree';
import { byUser } from './pages/SessionListPage';
import { mainBranchName } from './pages/EmployeeViewPage';
import { branches, device, lucia, positions, tree } from './test/fixtures';
import type { EmployeeRecord } from './api';

const record = lucia() as unknown as EmployeeRecord;

describe('employees formatting', () => {
  it('writes IBANs in groups of four and sends them as stored (no spaces, upper case)', () => {
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('es91 2100 0418 4502 0005 1332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('')).toBe('');
    expect(formatIban(null)).toBe('');
    expect(normaliseIban(' es91 2100\t0418 4502 0005 1332 ')).toBe('ES9121000418450200051332');
  });

  it('shows and reads weekly hours es-ES', () => {
    expect(formatHours(40)).toBe('40');
    expect(formatHours(37.5)).toBe('37,5');
    expect(formatHours(null)).toBe('');
    expect(parseHours('37,5')).toBe(37.5);
    expect(parseHours(' 40 ')).toBe(40);
    expect(parseHours('37.25')).toBe(37.25);
    expect(parseHours('')).toBeNull();
    expect(parseHours('cuarenta')).toBeNaN();
    expect(parseHours('1,234')).toBeNaN();
  });

  it("says where an account stands: none, locked above all, inactive, active", () => {
    expect(accountState(null)).toBe('none');
    expect(accountState(undefined)).toBe('none');
    expect(accountState({ active: true, locked: false })).toBe('active');
    expect(accountState({ active: false, locked: false })).toBe('inactive');
    expect(accountState({ active: false, locked: true })).toBe('locked');
    expect(accountState({ active: true, locked: true })).toBe('locked');
  });

  it("writes an audit entry's detail as one line", () => {
    expect(describeDetail({ active: false })).toBe('active: false');
    expect(describeDetail({ from: 'a@x.es', to: 'b@x.es' })).toBe('from: a@x.es · to: b@x.es');
    expect(describeDetail({ removed: ['contact', 'product'], n: null })).toBe('removed: contact, product · n: null');
    expect(describeDetail({ nested: { a: 1 } })).toBe('nested: {"a":1}');
    expect(describeDetail({})).toBe('');
    expect(describeDetail(null)).toBe('');
    expect(personName('Lucía', '', ' ', 'Gil')).toBe('Lucía Gil');
  });

  it('keeps the 18 licence classes in the spec order and opens an unknown tab as General', () => {
    expect(LICENCE_CLASSES).toHaveLength(18);
    expect(inLicenceOrder(['B', 'A2', 'XX', 'AM'])).toEqual(['A2', 'AM', 'B']);
    expect(tabOf('labour')).toBe('labour');
    expect(tabOf('nada')).toBe('general');
    expect(tabOf(null)).toBe('general');
  });
});

describe('the bodies the forms send', () => {
  it('personal data: trimmed, NIF upper case, empty choices null, classes in order; not a teacher, no classes', () => {
    const draft = { ...personalDraft(record), fiscal_code: ' 12345678z ', first_name: ' Lucía ', gender: '', birthday: '', province_id: '', teacher_classes: ['B', 'A2'] };
    expect(personalBody(draft)).toMatchObject({ fiscal_code: '12345678Z', first_name: 'Lucía', gender: null, birthday: null, province_id: null, teacher_classes: ['A2', 'B'], teacher_number: 'PR-28-1234' });
    expect(personalBody({ ...draft, is_teacher: false })).toMatchObject({ is_teacher: false, teacher_classes: [], teacher_number: '' });
    expect(personalBody(personalDraft(record)).province_id).toBe(28);
  });

  it('a new employee: empty choices left out, the account only when asked for, its password and role only when given', () => {
    const draft = { ...createDraft({ branches, positions }), first_name: 'Ana', fiscal_code: '12345678z', branches: ['1', '2'], branch_id: '2', positions: ['2'] };
    expect(createBody(draft)).toEqual({
      code: '', fiscal_code: '12345678Z', first_name: 'Ana', last_name: '', second_last_name: '', phone: '', street: '', city: '', postal_code: '',
      is_teacher: false, teacher_classes: [], teacher_number: '', branches: [1, 2], branch_id: 2, positions: [2],
    });
    const withAccount = createBody({ ...draft, incorporation_date: '2026-12-01', with_account: true, account: { email: ' ana@x.es ', password: '', role_id: '2' } });
    expect(withAccount).toMatchObject({ incorporation_date: '2026-12-01', account: { email: 'ana@x.es', role_id: 2 } });
    expect(withAccount.account).not.toHaveProperty('password');
    expect(accountBody({ email: 'a@x.es', password: 'Secreta-2026', role_id: '' })).toEqual({ email: 'a@x.es', password: 'Secreta-2026' });
    expect(accountProblem({ email: 'a@x.es', password: 'corta', role_id: '' })).toEqual({ field: 'password', key: 'account.weakPassword' });
    expect(accountProblem({ email: 'a@x.es', password: '', role_id: '' })).toBeNull();
    // one branch: ticked and main
    expect(createDraft({ branches: [branches[0]], positions })).toMatchObject({ branches: ['1'], branch_id: '1' });
  });

  it('labour data: the IBAN without spaces, the NAF digits, empty choices null', () => {
    const draft = labourDraft(record);
    expect(draft).toMatchObject({ weekly_hours: '40', iban: 'ES91 2100 0418 4502 0005 1332', incorporation_date: '2024-09-01', leave_date: '' });
    expect(labourBody({ ...draft, social_security_number: '28 12345678 40', weekly_hours: '37,5', contract_type: '', iban: 'es91 2100 0418 4502 0005 1332' })).toEqual({
      contract_type: null, workday: 'full_time', weekly_hours: 37.5, social_security_number: '281234567840', iban: 'ES9121000418450200051332',
      professional_category: 'Profesor de formación vial', leave_date: null,
    });
  });

  it('the main branch stays while ticked, else the first ticked; its name is the one at its place', () => {
    expect(mainAmong(['1', '2'], '2')).toBe('2');
    expect(mainAmong(['1'], '2')).toBe('1');
    expect(mainAmong([], '2')).toBe('');
    expect(mainBranchName(record)).toBe('Autoescuela Demo Centro');
    expect(mainBranchName({ ...record, branch_id: 2 })).toBe('Autoescuela Demo Alcalá');
    expect(mainBranchName({ ...record, branch_id: null })).toBe('');
    expect(mainBranchName({ ...record, branch_id: 2 }, [{ branch_id: 2, trade_name: 'Alcalá (nuevo nombre)' }])).toBe('Alcalá (nuevo nombre)');
    // a name left out: the places no longer match, so nothing rather than the wrong one
    expect(mainBranchName({ ...record, branch_id: 2, branch_names: ['Autoescuela Demo Alcalá'] })).toBe('');
  });

  it("the tree's permission keys leave out a plugin group's own key; devices go by user", () => {
    expect(treeKeys(tree)).toEqual(['dashboard', 'dashboard.meeting_room', 'employee', 'employee.devices', 'employee.permissions', 'fleet.vehicles']);
    const grouped = byUser([device(1), device(2, { user_id: 2, first_name: 'Dolores', last_name: 'Directora Demo', email: 'director@x.es' }), device(3)]);
    expect(grouped.map((u) => [u.name, u.devices.map((d) => d.device_id)])).toEqual([
      ['Lucía Martín Gil', [1, 3]],
      ['Dolores Directora Demo', [2]],
    ]);
  });
});
