import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, director, renderModule } from '../test/render';
import { branches, centres, figures, query, sessions, stateNumbers } from '../test/fixtures';

/** A table's body and foot rows, as the text of their cells (row headers included). */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** Every centre's results, and Jaén's: a rate of 66,67 % and kinds nobody sat ("—"). */
const everywhere = stateNumbers(null, figures({ pass: 2, fail: 1, absent: 1 }), figures(), figures({ pending: 3 }), figures({ pending: 3, pass: 2, fail: 1, absent: 1 }));
const jaen = stateNumbers('Jefatura Provincial de Jaén', figures({ pass: 2, fail: 1, absent: 1 }), figures({ pending: 1 }), figures(), figures({ pending: 1, pass: 2, fail: 1, absent: 1 }));

function reportHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/center': envelopeOk(centres),
    'GET dgt/state_numbers': (req: MockRequest) => envelopeOk(req.query.get('center') ? jaen : everywhere),
    'POST dgt/convocatoria': envelopeOk(sessions()),
    ...routes,
  });
}

describe('the exam report', () => {
  it('"Centros" lists the centres and every centre\'s results, then a chosen centre\'s by exam kind', async () => {
    const api = reportHost();
    renderModule('/dgt/convocatoriasreport/centros', api, clerk);
    expect(await screen.findByRole('tab', { name: 'Centros' })).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('table', { name: 'Centros de examen' });
    await within(list).findAllByTestId('centre-row');
    expect(rows(list)).toEqual([
      ['Jefatura Provincial de Jaén', '2', '5', '03/12/2026'],
      ['Linares', '1', '3', 'Sin fecha'],
    ]);
    const overall = await screen.findByRole('table', { name: 'Resultados por prueba en todos los centros' });
    expect(within(overall).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Prueba', 'Alumnos', 'Pendientes', 'Presentados', 'Aptos', 'No aptos', 'No presentados', '% aprobados',
    ]);
    expect(rows(overall)).toEqual([
      ['Teórico', '4', '0', '3', '2', '1', '1', '66,67 %'],
      ['Circuito cerrado', '0', '0', '0', '0', '0', '0', '—'],
      ['Circulación', '3', '3', '0', '0', '0', '0', '—'],
      ['Total', '7', '3', '3', '2', '1', '1', '66,67 %'],
    ]);
    expect(screen.getByText('Elija un centro para ver sus resultados por prueba')).toBeInTheDocument();
    // every centre: no centre asked
    expect(api.calls('GET dgt/state_numbers').map(query)).toEqual([{}]);
    expect(api.calls('GET dgt/center').map(query)).toEqual([{}]);
    expect(api.calls('POST dgt/convocatoria')).toHaveLength(0);

    const choose = within(list).getByRole('button', { name: 'Jefatura Provincial de Jaén' });
    expect(choose).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(choose);
    const atJaen = await screen.findByRole('table', { name: 'Resultados por prueba en Jefatura Provincial de Jaén' });
    expect(rows(atJaen)).toEqual([
      ['Teórico', '4', '0', '3', '2', '1', '1', '66,67 %'],
      ['Circuito cerrado', '1', '1', '0', '0', '0', '0', '—'],
      ['Circulación', '0', '0', '0', '0', '0', '0', '—'],
      ['Total', '5', '1', '3', '2', '1', '1', '66,67 %'],
    ]);
    expect(screen.getByRole('heading', { name: 'Resultados en Jefatura Provincial de Jaén' })).toBeInTheDocument();
    expect(choose).toHaveAttribute('aria-pressed', 'true');
    expect(query(api.calls('GET dgt/state_numbers').at(-1)!)).toEqual({ center: 'Jefatura Provincial de Jaén' });
    // the centre list is not narrowed by the centre chosen
    expect(api.calls('GET dgt/center').map(query)).toEqual([{}]);

    fireEvent.click(choose);
    await waitFor(() => expect(screen.queryByTestId('centre-numbers')).not.toBeInTheDocument());
  });

  it('"Convocatorias" lists the sessions, undated first, with links to their folders and the total', async () => {
    const api = reportHost();
    renderModule('/dgt/convocatoriasreport/convocatorias', api, clerk);
    const table = await screen.findByRole('table', { name: 'Convocatorias' });
    await within(table).findAllByTestId('session-row');
    expect(rows(table)).toEqual([
      ['Sin fecha', 'Linares', 'Circulación', 'A2', 'EX-2026-0006', '3', '3', '0', '0', '0', '0', '—'],
      ['03/12/2026', 'Jefatura Provincial de Jaén', 'Teórico', 'B', 'EX-2026-0007EX-2026-0010', '4', '0', '3', '2', '1', '1', '66,67 %'],
      ['Total', '7', '3', '3', '2', '1', '1', '66,67 %'],
    ]);
    expect(within(table).getByRole('link', { name: 'EX-2026-0007' })).toHaveAttribute('href', '/dgt/folder/view/8');
    expect(within(table).getByRole('link', { name: 'EX-2026-0010' })).toHaveAttribute('href', '/dgt/folder/view/11');
    expect(within(table).getByRole('link', { name: 'EX-2026-0006' })).toHaveAttribute('href', '/dgt/folder/view/9');
    expect(within(screen.getByTestId('sessions-total')).getByTestId('pass-rate')).toHaveTextContent('66,67 %');
    expect(api.calls('POST dgt/convocatoria')[0].body).toEqual({});
    // only the sessions and the centres for their filter: no results by kind on this tab
    expect(api.calls('GET dgt/state_numbers')).toHaveLength(0);
    const centre = screen.getByRole('combobox', { name: 'Centro de examen' });
    expect(within(centre).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los centros', 'Jefatura Provincial de Jaén', 'Linares']);

    // a folder that names no centre
    api.on('POST dgt/convocatoria', envelopeOk({ items: [{ ...sessions().items[0], exam_centre: '' }], total: figures({ pending: 3 }) }));
    fireEvent.change(centre, { target: { value: 'Linares' } });
    await waitFor(() => expect(api.calls('POST dgt/convocatoria').at(-1)!.body).toEqual({ center: 'Linares' }));
    await waitFor(() => expect(rows(table)[0]).toEqual(['Sin fecha', 'Sin centro', 'Circulación', 'A2', 'EX-2026-0006', '3', '3', '0', '0', '0', '0', '—']));
    expect(rows(table)).toHaveLength(2);
    // the centre list itself is never narrowed by the centre
    expect(api.calls('GET dgt/center').map(query).every((q) => !('center' in q))).toBe(true);

    api.on('POST dgt/convocatoria', envelopeOk({ items: [], total: figures() }));
    fireEvent.change(centre, { target: { value: 'Jefatura Provincial de Jaén' } });
    expect(await screen.findByText('No hay convocatorias en estas fechas')).toBeInTheDocument();
    expect(screen.queryByTestId('sessions-total')).not.toBeInTheDocument();
  });

  it('an unknown tab shows "Centros"; the tabs switch the path and keep the filters', async () => {
    const api = reportHost({ 'GET dgt/center': envelopeOk([]) });
    renderModule('/dgt/convocatoriasreport/informe', api, clerk);
    expect(await screen.findByRole('tab', { name: 'Centros' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No hay carpetas con exámenes en estas fechas')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Permiso' }), { target: { value: 'B' } });
    await waitFor(() => expect(query(api.calls('GET dgt/center').at(-1)!)).toEqual({ licence: 'B' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Convocatorias' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dgt/convocatoriasreport/convocatorias'));
    expect(screen.getByRole('tab', { name: 'Convocatorias' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.calls('POST dgt/convocatoria')).toHaveLength(1));
    expect(api.calls('POST dgt/convocatoria')[0].body).toEqual({ licence: 'B' });
    expect(screen.getByRole('combobox', { name: 'Permiso' })).toHaveValue('B');
  });

  it('sends the filters: in the query of the reads, in the body of the sessions (the branch a number)', async () => {
    const api = reportHost({ 'GET business/branch/list': envelopeOk(branches) });
    renderModule('/dgt/convocatoriasreport/centros', api, director);
    await screen.findAllByTestId('centre-row');
    expect(within(screen.getByRole('combobox', { name: 'Prueba' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas las pruebas', 'Teórico', 'Circuito cerrado', 'Circulación',
    ]);
    expect(within(screen.getByRole('combobox', { name: 'Permiso' })).getAllByRole('option')).toHaveLength(19);
    fireEvent.change(screen.getByLabelText('Exámenes desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Exámenes hasta'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Permiso' }), { target: { value: 'B' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Prueba' }), { target: { value: 'theory' } });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sucursal' }), { target: { value: '2' } });
    const filters = { from: '2026-11-01', to: '2026-12-31', licence: 'B', exam_kind: 'theory', branch_id: '2' };
    await waitFor(() => expect(query(api.calls('GET dgt/center').at(-1)!)).toEqual(filters));
    await waitFor(() => expect(query(api.calls('GET dgt/state_numbers').at(-1)!)).toEqual(filters));

    fireEvent.click(await screen.findByRole('button', { name: 'Linares' }));
    await waitFor(() => expect(query(api.calls('GET dgt/state_numbers').at(-1)!)).toEqual({ ...filters, center: 'Linares' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Convocatorias' }));
    await waitFor(() => expect(api.calls('POST dgt/convocatoria')).toHaveLength(1));
    // the centre chosen on "Centros" is the sessions' centre filter
    expect(api.calls('POST dgt/convocatoria')[0].body).toEqual({ from: '2026-11-01', to: '2026-12-31', licence: 'B', exam_kind: 'theory', branch_id: 2, center: 'Linares' });
    expect(screen.getByRole('combobox', { name: 'Centro de examen' })).toHaveValue('Linares');

    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(api.calls('POST dgt/convocatoria').at(-1)!.body).toEqual({}));
    expect(screen.getByLabelText('Exámenes desde')).toHaveValue('');
  });

  it('shows the error the host gives about a filter beside the filters, and clears it when fixed', async () => {
    const invalidTo = { field: 'to' };
    const api = reportHost({
      'GET dgt/center': (req: MockRequest) =>
        req.query.get('to') === '2026-01-01' ? readError('REQ-102', 'La fecha final es anterior a la inicial', invalidTo) : envelopeOk(centres),
      'GET dgt/state_numbers': (req: MockRequest) =>
        req.query.get('to') === '2026-01-01' ? readError('REQ-102', 'La fecha final es anterior a la inicial', invalidTo) : envelopeOk(everywhere),
      'POST dgt/convocatoria': (req: MockRequest) =>
        (req.body as { to?: string }).to === '2026-01-01' ? writeError('REQ-102', 'La fecha final es anterior a la inicial', invalidTo) : envelopeOk(sessions()),
    });
    renderModule('/dgt/convocatoriasreport/convocatorias', api, clerk);
    await screen.findAllByTestId('session-row');
    fireEvent.change(screen.getByLabelText('Exámenes desde'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('Exámenes hasta'), { target: { value: '2026-01-01' } });

    // once, though both calls failed
    const error = await screen.findByTestId('error-to');
    expect(error).toHaveTextContent('Exámenes hasta: La fecha final es anterior a la inicial');
    expect(screen.getAllByTestId('error-to')).toHaveLength(1);
    expect(screen.getByLabelText('Exámenes hasta')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Exámenes hasta')).toHaveAttribute('aria-describedby', error.id);
    expect(screen.getByLabelText('Exámenes desde')).not.toHaveAttribute('aria-invalid');
    expect(api.calls('POST dgt/convocatoria').at(-1)!.body).toEqual({ from: '2026-06-01', to: '2026-01-01' });
    // no stale sessions under the error
    expect(screen.queryByRole('table', { name: 'Convocatorias' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Exámenes hasta'), { target: { value: '2026-12-31' } });
    await screen.findAllByTestId('session-row');
    expect(screen.queryByTestId('error-to')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Exámenes hasta')).not.toHaveAttribute('aria-invalid');
  });

  it('shows an error that names no filter as it comes', async () => {
    const api = reportHost({ 'GET dgt/center': readError('SERVICE-001', 'El servicio dgt no está contratado') });
    renderModule('/dgt/convocatoriasreport/centros', api, clerk);
    expect(await screen.findByTestId('report-errors')).toHaveTextContent('El servicio dgt no está contratado');
    expect(screen.queryByRole('table', { name: 'Centros de examen' })).not.toBeInTheDocument();
  });
});
