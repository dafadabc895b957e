import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { createI18n } from '../../i18n';
import { admin } from '../servers/fixtures';
import { matchLabel } from './SchoolFinder';
import type { FoundSchool } from './types';

const school = {
  business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', fiscal_code: 'B12345674', email: 'director@autoescuela-demo.es',
  phone: '', city: 'Madrid', status: 'active', is_provider: false, created_at: '2026-01-10T09:00:00Z', group_id: null, group_name: null,
};
const north = { ...school, business_id: 5, name: 'Autoescuela Norte', fiscal_name: 'Norte Formación SL', fiscal_code: 'B98765432', email: 'info@norte.es', city: 'Bilbao', status: 'suspended' };

const found: FoundSchool[] = [
  {
    business_id: 5, name: 'Autoescuela Norte', fiscal_code: 'B98765432', city: 'Bilbao', status: 'suspended',
    matches: [
      { kind: 'branch', field: 'holder', value: 'José Núñez Peña', id: 8 },
      { kind: 'branch', field: 'dgt_code', value: '48-1-0007', id: 8 },
      { kind: 'user', field: 'email', value: 'jefa@norte.es', id: 31 },
    ],
  },
  { business_id: 2, name: 'Autoescuela Demo', fiscal_code: 'B12345674', city: 'Madrid', status: 'active', matches: [{ kind: 'user', field: 'name', value: 'José Pérez', id: 4 }] },
];

function finderApi(answer: (search: string) => unknown = () => envelopeOk({ total: 2, schools: found })) {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET business/read': (req: MockRequest) => (req.query.get('all') === 'true' ? envelopeOk([school, north]) : envelopeOk({ ...school, branch_count: 1, services: [] })),
    'GET business/group/readgroup': envelopeOk([]),
    'GET buscador/autoescuelas': (req: MockRequest) => answer(req.query.get('search') ?? ''),
  });
}

const finderBox = () => screen.getByRole('searchbox', { name: 'Buscar autoescuela' });
const type = (value: string) => fireEvent.change(finderBox(), { target: { value } });
const listTable = () => screen.getByRole('table', { name: 'Empresas', hidden: true });

describe('provider: the school finder', () => {
  it('from 2 characters, shows the schools found in place of the list: name to its page, CIF, town and what matched', async () => {
    const api = finderApi();
    renderApp('/facilauto/business/list', { api, signedIn: true });
    await within(await screen.findByRole('table', { name: 'Empresas' })).findByRole('link', { name: 'Autoescuela Demo' });
    expect(finderBox()).toHaveAttribute('placeholder', 'Buscar autoescuela (nombre, CIF, código DGT, titular, usuario, teléfono…)');

    // One character: nothing asked, the list stays.
    type('j');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls('GET buscador/autoescuelas')).toHaveLength(0);
    expect(screen.queryByTestId('finder-results')).toBeNull();
    expect(screen.getByRole('table', { name: 'Empresas' })).toBeVisible();

    type(' jo ');
    const results = await screen.findByRole('list', { name: 'Autoescuelas encontradas' });
    expect(api.calls('GET buscador/autoescuelas').map((r) => r.query.get('search'))).toEqual(['jo']);
    expect(screen.getByTestId('finder-total')).toHaveTextContent('2 autoescuelas encontradas');
    // The list makes room (kept, hidden).
    expect(screen.queryByRole('table', { name: 'Empresas' })).toBeNull();
    expect(listTable()).not.toBeVisible();

    const items = within(results).getAllByTestId('finder-school');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    expect(within(first).getByRole('link', { name: 'Autoescuela Norte' })).toHaveAttribute('href', '/facilauto/business/view/5');
    expect(first).toHaveTextContent('CIF B98765432 · Bilbao');
    expect(within(first).getByText('Suspendida')).toHaveClass('vk-badge');
    const lines = within(within(first).getByRole('list', { name: 'Coincidencias en Autoescuela Norte' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Titular: José Núñez Peña', 'Código DGT: 48-1-0007', 'Usuario: jefa@norte.es']);
    expect(within(second).getByRole('link', { name: 'Autoescuela Demo' })).toHaveAttribute('href', '/facilauto/business/view/2');
    expect(second).toHaveTextContent('CIF B12345674 · Madrid');
    expect(second).toHaveTextContent('Usuario: José Pérez');
    expect(within(second).queryByText('Activa')).toBeNull();

    // Back under 2 characters: the list as it was, not read again.
    type('j');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Empresas' })).toBeVisible());
    expect(screen.queryByTestId('finder-results')).toBeNull();
    expect(api.calls('GET business/read')).toHaveLength(1);
  });

  it('asks once the typing pauses, with the last text; Enter asks at once', async () => {
    const api = finderApi();
    renderApp('/facilauto/business/list', { api, signedIn: true });
    await screen.findByRole('table', { name: 'Empresas' });
    type('jo');
    type('jos');
    type('josé');
    await screen.findByRole('list', { name: 'Autoescuelas encontradas' });
    expect(api.calls('GET buscador/autoescuelas').map((r) => r.query.get('search'))).toEqual(['josé']);

    type('b123');
    fireEvent.keyDown(finderBox(), { key: 'Enter' });
    await waitFor(() => expect(api.calls('GET buscador/autoescuelas').map((r) => r.query.get('search'))).toEqual(['josé', 'b123']));
    // Asked once: the pause after typing found it asked already.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls('GET buscador/autoescuelas')).toHaveLength(2);
  });

  it('opens a school found', async () => {
    const api = finderApi();
    renderApp('/facilauto/business/list', { api, signedIn: true });
    await screen.findByRole('table', { name: 'Empresas' });
    type('demo');
    fireEvent.click(await screen.findByRole('link', { name: 'Autoescuela Demo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/business/view/2'));
  });

  it('says when nothing matches, and when only the first 25 are shown', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...found[1], business_id: 100 + i, name: `Autoescuela ${i + 1}` }));
    const api = finderApi((search) => (search === 'zzz' ? envelopeOk({ total: 0, schools: [] }) : envelopeOk({ total: 31, schools: many })));
    renderApp('/facilauto/business/list', { api, signedIn: true });
    await screen.findByRole('table', { name: 'Empresas' });
    type('zzz');
    await waitFor(() => expect(screen.getByTestId('finder-total')).toHaveTextContent('Ninguna autoescuela coincide con «zzz»'));
    expect(screen.queryByRole('list', { name: 'Autoescuelas encontradas' })).toBeNull();
    type('autoescuela');
    await waitFor(() => expect(screen.getByTestId('finder-total')).toHaveTextContent('31 autoescuelas encontradas; se muestran las 25 primeras'));
    expect(screen.getAllByTestId('finder-school')).toHaveLength(25);
  });

  it("shows the host's refusal with a retry", async () => {
    let fail = true;
    const api = finderApi(() => (fail ? readError('REQ-102', 'Escriba al menos 2 caracteres', { field: 'search' }) : envelopeOk({ total: 2, schools: found })));
    renderApp('/facilauto/business/list', { api, signedIn: true });
    await screen.findByRole('table', { name: 'Empresas' });
    type('jo');
    const alert = await within(await screen.findByTestId('finder-results')).findByRole('alert');
    expect(alert).toHaveTextContent('Escriba al menos 2 caracteres');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('list', { name: 'Autoescuelas encontradas' })).toBeInTheDocument();
  });

  it('names in Spanish every field the host matches on', () => {
    const i18n = createI18n('es');
    const t = i18n.t.bind(i18n);
    const fields = {
      business: ['name', 'fiscal_name', 'fiscal_code', 'email', 'phone', 'city', 'postal_code'],
      branch: ['trade_name', 'city', 'email', 'phone', 'dgt_code', 'holder', 'holder_document', 'director', 'director_document'],
      user: ['email', 'name'],
    } as const;
    for (const [kind, names] of Object.entries(fields)) {
      for (const field of names) {
        const label = matchLabel(t, { kind: kind as keyof typeof fields, field });
        expect(label, `${kind}.${field}`).not.toBe(field);
        expect(label, `${kind}.${field}`).not.toContain('provider.finder');
      }
    }
    expect(matchLabel(t, { kind: 'branch', field: 'holder' })).toBe('Titular');
    expect(matchLabel(t, { kind: 'branch', field: 'dgt_code' })).toBe('Código DGT');
    expect(matchLabel(t, { kind: 'business', field: 'fiscal_code' })).toBe('CIF');
    expect(matchLabel(t, { kind: 'user', field: 'email' })).toBe('Usuario');
    expect(matchLabel(t, { kind: 'user', field: 'shoe_size' })).toBe('shoe_size');
  });
});
