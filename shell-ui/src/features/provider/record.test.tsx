import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, within } from '@testing-library/react';
import { envelopeOk, mockApi, printSelectors, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { admin } from '../servers/fixtures';
import { dgtCode } from './RecordCard';

const GIB = 1024 ** 3;
const school = {
  business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', fiscal_code: 'B12345674', email: 'director@autoescuela-demo.es',
  phone: '910 000 000', address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', status: 'active', is_provider: false,
  created_at: '2026-01-10T09:00:00Z', group_id: 4, group_name: 'Madrid centro',
};
const record = {
  business: school,
  branches: [
    { branch_id: 3, trade_name: 'Autoescuela Demo Centro', city: 'Madrid', email: '', phones: [], driving_school: { provincial_number: '28', control_digit: '3', sequential_number: '0456' } },
    { branch_id: 4, trade_name: 'Autoescuela Demo Alcalá', city: 'Alcalá de Henares', email: '', phones: [], driving_school: { provincial_number: '', control_digit: '', sequential_number: '' } },
  ],
  services: [
    { id: 'contacts', name: 'Contactos', enabled_at: '2026-01-10T09:00:00Z' },
    // 23:30 UTC is the next day in Spain.
    { id: 'dgt', name: 'Gestión DGT', enabled_at: '2026-02-03T23:30:00Z' },
  ],
  users: {
    total: 3,
    active: 2,
    by_role: [
      { role: 'Dirección', users: 1, active: 1 },
      { role: 'Profesor', users: 1, active: 1 },
      { role: '', users: 1, active: 0 },
    ],
  },
  storage: { plan: 'standard', quota_bytes: 10 * GIB, used_bytes: 1.5 * GIB, files: 42 },
  activity: { last_sign_in_at: '2026-03-02T09:05:00Z', open_sessions: 2 },
};

function recordApi(answer: unknown = envelopeOk(record)) {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET business/read': envelopeOk({ ...school, branch_count: 2, services: record.services }),
    'GET business/group/readgroup': envelopeOk([]),
    'GET business/ficha/read': typeof answer === 'function' ? answer : () => answer,
  });
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

afterEach(() => vi.restoreAllMocks());

describe('provider: the record card ("Ficha")', () => {
  it("shows the school's data, users by role, storage, activity, services with their dates and branches with their DGT code", async () => {
    const api = recordApi();
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Autoescuela Demo' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('tab', { name: 'Ficha' }));
    const card = await screen.findByRole('article', { name: 'Ficha de Autoescuela Demo' });
    // The tab is a navigation (?tab=record): the page's title, breadcrumbs and fiscal name stay.
    expect(screen.getByRole('heading', { level: 1, name: 'Autoescuela Demo' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent(/Autoescuela Demo.*Ficha/);
    expect(screen.getByTestId('header-fiscal-name')).toHaveTextContent('Autoescuela Demo SL');
    expect(api.calls('GET business/ficha/read').map((r) => r.query.get('business_id'))).toEqual(['2']);

    const fact = (key: string) => card.querySelector(`[data-fact="${key}"] dd`)?.textContent;
    expect(fact('fiscal_name')).toBe('Autoescuela Demo SL');
    expect(fact('fiscal_code')).toBe('B12345674');
    expect(fact('status')).toBe('Activa');
    expect(fact('group')).toBe('Madrid centro');
    expect(fact('address')).toBe('Calle Mayor 1, 28013 Madrid');
    expect(fact('created_at')).toBe('10/01/2026');

    expect(within(card).getByTestId('record-users-total')).toHaveTextContent('3 usuarios, 2 activos');
    expect(rowsOf(within(card).getByRole('table', { name: 'Usuarios por rol' }))).toEqual([
      ['Dirección', '1', '1'],
      ['Profesor', '1', '1'],
      ['Sin rol', '1', '0'],
    ]);
    const storage = within(card).getByTestId('record-storage');
    expect(storage).toHaveTextContent('PlanEstándar');
    expect(within(storage).getByTestId('record-storage-used')).toHaveTextContent('1,5 GB de 10 GB (15 %)');
    expect(storage).toHaveTextContent('Documentos42');
    expect(within(card).getByTestId('record-last-sign-in')).toHaveTextContent('02/03/2026 - 10:05:00');
    expect(within(card).getByTestId('record-open-sessions')).toHaveTextContent(/^2$/);

    expect(rowsOf(within(card).getByRole('table', { name: 'Servicios' }))).toEqual([
      ['Contactos', '10/01/2026'],
      ['Gestión DGT', '04/02/2026'],
    ]);
    const branches = within(card).getByRole('table', { name: 'Sucursales' });
    expect(within(branches).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sucursal', 'Código DGT', 'Localidad']);
    expect(rowsOf(branches)).toEqual([
      ['Autoescuela Demo Centro', '28-3-0456', 'Madrid'],
      ['Autoescuela Demo Alcalá', '—', 'Alcalá de Henares'],
    ]);
  });

  it('opens at ?tab=record, and "Imprimir ficha" prints the card alone (the kit\'s printable part)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp('/facilauto/business/view/2?tab=record', { api: recordApi(), signedIn: true });
    const card = await screen.findByRole('article', { name: 'Ficha de Autoescuela Demo' });
    expect(screen.getByRole('tab', { name: 'Ficha' })).toHaveAttribute('aria-selected', 'true');
    const button = screen.getByRole('button', { name: 'Imprimir ficha' });
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(card).toHaveClass('vk-printable');
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(1);
    // The button, the tabs and "Volver" are not on the paper.
    expect(card).not.toContainElement(button);
    expect(card).not.toContainElement(screen.getByRole('tablist'));
    expect(card).not.toContainElement(screen.getByRole('link', { name: 'Volver' }));
  });

  it('the other tabs print as pages do (no printable part)', async () => {
    renderApp('/facilauto/business/view/2', { api: recordApi(), signedIn: true });
    await screen.findByRole('tab', { name: 'Ficha' });
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(0);
  });

  it('a school never signed in, without branches, services or users', async () => {
    const empty = {
      ...record,
      branches: [],
      services: [],
      users: { total: 0, active: 0, by_role: [] },
      storage: { plan: 'basic', quota_bytes: GIB, used_bytes: 0, files: 0 },
      activity: { last_sign_in_at: null, open_sessions: 0 },
    };
    renderApp('/facilauto/business/view/2?tab=record', { api: recordApi(envelopeOk(empty)), signedIn: true });
    const card = await screen.findByRole('article', { name: 'Ficha de Autoescuela Demo' });
    expect(within(card).getByTestId('record-users-total')).toHaveTextContent('0 usuarios, 0 activos');
    expect(within(card).queryByRole('table', { name: 'Usuarios por rol' })).toBeNull();
    expect(within(card).getByTestId('record-storage')).toHaveTextContent('PlanBásico');
    expect(within(card).getByTestId('record-storage-used')).toHaveTextContent('0 B de 1 GB (0 %)');
    expect(within(card).getByTestId('record-last-sign-in')).toHaveTextContent('Nunca');
    expect(within(card).getByRole('table', { name: 'Servicios' })).toHaveTextContent('Ningún servicio activado');
    expect(within(card).getByRole('table', { name: 'Sucursales' })).toHaveTextContent('No tiene sucursales');
  });

  it("shows the host's error with a retry", async () => {
    let fail = true;
    const api = recordApi((req: MockRequest) => (fail ? readError('NOT-FOUND-000', `Empresa ${req.query.get('business_id')} no encontrada`) : envelopeOk(record)));
    renderApp('/facilauto/business/view/2?tab=record', { api, signedIn: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Empresa 2 no encontrada');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Ficha de Autoescuela Demo' })).toBeInTheDocument();
  });

  it('writes the DGT code as provincial number, control digit and sequential number', () => {
    expect(dgtCode({ driving_school: { provincial_number: '28', control_digit: '3', sequential_number: '0456' } })).toBe('28-3-0456');
    expect(dgtCode({ driving_school: { provincial_number: ' 08 ', control_digit: '', sequential_number: '12' } })).toBe('08-12');
    expect(dgtCode({ driving_school: {} })).toBe('');
    expect(dgtCode({ driving_school: null })).toBe('');
  });
});

describe('the record card print styles', () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'record.css'), 'utf8');

  it("reach only the card: printing it alone is the kit's rule (vk-printable), not another copy of it", () => {
    const selectors = printSelectors(css);
    expect(selectors.length).toBeGreaterThan(0);
    expect(selectors.filter((s) => !s.startsWith('.record-card'))).toEqual([]);
    expect(css).not.toContain('body:has(');
  });
});
