import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, expiring, figures } from '../test/fixtures';

const rows = () => [
  expiring(),
  expiring({ id: 303, student_id: 22, dni: 'X1234567L', name: 'Luis Martín', email: '', licence: 'C1', expires_on: '2026-05-18', days_left: -2 }),
];

/** The school's figures and the enrolments ending within any window. */
function expiriesHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET valkiria/userautoescuela': envelopeOk(figures()),
    'GET valkiria/listuserautoescuelacaducidad/30': envelopeOk(rows()),
    'GET valkiria/listuserautoescuelacaducidad/7': envelopeOk([rows()[1]]),
    ...(routes as Record<string, object>),
  });
}

const tableRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('the expiries', () => {
  it("shows the school's figures and the enrolments running out within 30 days", async () => {
    const api = expiriesHost();
    renderModule('/valkiria/caducidades', api);
    const card = await screen.findByTestId('figures');
    expect(await within(card).findByTestId('figure-students')).toHaveTextContent('42');
    expect(within(card).getByTestId('figure-active')).toHaveTextContent('35');
    expect(within(card).getByTestId('figure-expiring')).toHaveTextContent('4');
    expect(within(card).getByTestId('figure-attempts')).toHaveTextContent('120');
    expect(within(card).getByTestId('figure-pass-rate')).toHaveTextContent('63 %');
    expect(tableRows(within(card).getByRole('table', { name: 'Banco por permiso' }))).toEqual([
      ['B', '2', '3', '2'],
      ['A2', '1', '0', '0'],
    ]);
    const table = await screen.findByRole('table', { name: 'Matrículas que caducan' });
    expect(tableRows(table)).toEqual([
      ['', 'Ana López García', '12345678Z', 'ana@example.com', 'B', '25/05/2026', '5 días'],
      ['', 'Luis Martín', 'X1234567L', '—', 'C1', '18/05/2026', 'Caducada'],
    ]);
    expect(within(table).getByRole('link', { name: 'Luis Martín' })).toHaveAttribute('href', '/valkiria/alumno/22');
    expect(screen.getByText('Elija las matrículas que quiere renovar')).toBeInTheDocument();

    const days = within(screen.getByTestId('expiries-days')).getByRole('combobox');
    expect(within(days).getAllByRole('option').map((o) => o.textContent)).toEqual(['En 7 días', 'En 15 días', 'En 30 días', 'En 60 días']);
    fireEvent.change(days, { target: { value: '7' } });
    await waitFor(() => expect(screen.getAllByTestId('expiry-student')).toHaveLength(1));
    expect(api.calls('GET valkiria/listuserautoescuelacaducidad/7')).toHaveLength(1);
  });

  it('renews the chosen ones together by months, then reads the list and the figures again', async () => {
    const api = expiriesHost({
      'POST valkiria/dashboard/caducidad/new_expire': (req: MockRequest) => envelopeOk({ renewed: (body(req).ids as number[]).length, enrolments: [] }),
    });
    renderModule('/valkiria/caducidades', api);
    const choices = await screen.findAllByTestId('expiry-choose');
    fireEvent.click(choices[1]);
    expect(screen.getByTestId('bulk-chosen')).toHaveTextContent('Renovar 1 matrícula');
    fireEvent.click(screen.getByTestId('expiries-choose-all'));
    expect(screen.getByTestId('bulk-chosen')).toHaveTextContent('Renovar 2 matrículas');
    const form = screen.getByTestId('bulk-renew-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Meses/ }), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Renovar las 2' }));
    expect(await screen.findByText('2 matrículas renovadas')).toBeInTheDocument();
    expect(api.calls('POST valkiria/dashboard/caducidad/new_expire').map(body)).toEqual([{ ids: [301, 303], months: 12 }]);
    await waitFor(() => expect(api.calls('GET valkiria/listuserautoescuelacaducidad/30')).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET valkiria/userautoescuela')).toHaveLength(2));
    expect(screen.queryByTestId('bulk-renew-form')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('expiry-choose').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it('to a date: the host refuses all of them, and says why', async () => {
    const api = expiriesHost({
      'POST valkiria/dashboard/caducidad/new_expire': writeError('CONFLICT-000', 'La matrícula 303 está eliminada: no se ha renovado ninguna'),
    });
    renderModule('/valkiria/caducidades', api);
    fireEvent.click(await screen.findByTestId('expiries-choose-all'));
    const form = screen.getByTestId('bulk-renew-form');
    fireEvent.click(within(form).getByTestId('bulk-renew-form-by-date'));
    fireEvent.click(within(form).getByRole('button', { name: 'Renovar las 2' }));
    expect(await within(form).findByTestId('error-expires_on')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByLabelText('Nueva fecha de fin'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Renovar las 2' }));
    expect(await within(form).findByTestId('bulk-renew-form-errors')).toHaveTextContent('La matrícula 303 está eliminada: no se ha renovado ninguna');
    expect(api.calls('POST valkiria/dashboard/caducidad/new_expire').map(body)).toEqual([{ ids: [301, 303], expires_on: '2026-12-31' }]);
    // nothing changed: the choice stays
    expect(screen.getByTestId('bulk-chosen')).toHaveTextContent('Renovar 2 matrículas');
  });
});
