import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { folder, folderItem, page, query, tax } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

function foldersHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/folder/read': (req: MockRequest) =>
      req.query.get('id')
        ? envelopeOk(folder())
        : page([
            folderItem(),
            folderItem({ id: 9, reference: 'EX-2026-0006', name: 'Circulación A2', exam_kind: 'road', licence: 'A2', exam_centre: 'Linares', exam_date: '2026-11-20', status: 'closed', students: 3, passed: 2 }),
          ]),
    ...routes,
  });
}

describe('the exam folders', () => {
  it('lists reference, name, exam, licence, centre, date, status and students passed of presented', async () => {
    const api = foldersHost();
    renderModule('/dgt/folder/list', api, clerk);
    const table = await screen.findByRole('table', { name: 'Carpetas de examen' });
    const rows = (await within(table).findAllByTestId('folder-reference')).map((a) => a.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['EX-2026-0007', 'Teórico B diciembre', 'Teórico', 'B', 'Jefatura Provincial de Jaén', '03/12/2026', 'Abierta', '1/2'],
      ['EX-2026-0006', 'Circulación A2', 'Circulación', 'A2', 'Linares', '20/11/2026', 'Cerrada', '2/3'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'EX-2026-0007' })).toHaveAttribute('href', '/dgt/folder/view/8');
    expect(query(api.calls('GET dgt/folder/read')[0])).toEqual({ page: '1', per_page: '25' });
  });

  it('filters by status, exam, licence and exam dates', async () => {
    const api = foldersHost();
    renderModule('/dgt/folder/list', api, clerk);
    await screen.findAllByTestId('folder-reference');
    expect(options(screen.getByRole('combobox', { name: 'Estado' }))).toEqual(['Todos los estados', 'Abierta', 'Presentada', 'Cerrada']);
    expect(options(screen.getByRole('combobox', { name: 'Examen' }))).toEqual(['Todos los exámenes', 'Teórico', 'Circuito cerrado', 'Circulación']);
    expect(options(screen.getByRole('combobox', { name: 'Permiso' }))).toHaveLength(19);
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'submitted' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Examen' }), { target: { value: 'closed_circuit' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Permiso' }), { target: { value: 'A2' } });
    fireEvent.change(screen.getByLabelText('Examen desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Examen hasta'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(query(api.calls('GET dgt/folder/read').at(-1)!)).toEqual({
        page: '1', per_page: '25', status: 'submitted', exam_kind: 'closed_circuit', licence: 'A2', from: '2026-11-01', to: '2026-11-30',
      }),
    );
  });

  it('"Nueva carpeta" needs the licence, sends what is filled (an empty reference for the next one) and opens the new folder', async () => {
    const api = foldersHost({ 'POST dgt/folder/create': writeError('REQ-102', 'La fecha no es válida', { field: 'exam_date' }) });
    renderModule('/dgt/folder/list', api, clerk);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva carpeta' }));
    const form = await screen.findByRole('form', { name: 'Nueva carpeta' });
    expect(within(form).getByText('Vacía: EX-año del examen-número')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear carpeta' }));
    expect(await within(form).findByTestId('error-licence')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST dgt/folder/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Nombre'), { target: { value: ' Circuito A2 enero ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Examen' }), { target: { value: 'closed_circuit' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'A2' } });
    fireEvent.change(within(form).getByLabelText('Centro de examen'), { target: { value: 'Jefatura Provincial de Jaén' } });
    fireEvent.change(within(form).getByLabelText('Fecha de examen'), { target: { value: '2027-01-12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear carpeta' }));
    expect(await within(form).findByTestId('error-exam_date')).toHaveTextContent('La fecha no es válida');
    expect(api.calls('POST dgt/folder/create')[0].body).toEqual({
      exam_kind: 'closed_circuit', licence: 'A2', name: 'Circuito A2 enero', exam_centre: 'Jefatura Provincial de Jaén', exam_date: '2027-01-12',
    });

    const created = folder({ id: 12, reference: 'EX-2027-0001', name: 'Circuito A2 enero', exam_kind: 'closed_circuit', licence: 'A2', students: [], results: { pending: 0, pass: 0, fail: 0, absent: 0 } });
    api.on('POST dgt/folder/create', envelopeOk(created));
    api.on('GET dgt/folder/read', envelopeOk(created));
    api.on('GET dgt/tax/read', page([tax()]));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear carpeta' }));
    expect(await screen.findByText('Carpeta EX-2027-0001 creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dgt/folder/view/12'));
    expect(await screen.findByTestId('folder-title')).toHaveTextContent('EX-2027-0001 · Circuito A2 enero');
  });
});
