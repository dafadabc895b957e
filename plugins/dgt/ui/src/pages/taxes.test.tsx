import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { page, query, saved, tax, taxTypes } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent?.replace(/\u00a0/g, ' '));

function taxesHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/tax/types': envelopeOk(taxTypes),
    'GET dgt/tax/read': page([tax(), tax({ id: 5, type_code: '4.4', name: 'Duplicados', description: '', amount: 123456 }), tax({ id: 6, type_code: '1.1', name: 'Transferencia', description: '', amount: null })]),
    ...routes,
  });
}

describe('the DGT fees', () => {
  it('lists type, name, description and amount in euros (es-ES), and filters by type', async () => {
    const api = taxesHost();
    renderModule('/dgt/folder/tax/list', api);
    const table = await screen.findByRole('table', { name: 'Tasas de la DGT' });
    const rows = (await within(table).findAllByTestId('tax-code')).map((c) => c.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['2.1', 'Examen permiso B', 'Tasa de examen para el permiso B', '94,05 €'],
      ['4.4', 'Duplicados', '', '1234,56 €'],
      ['1.1', 'Transferencia', '', ''],
    ]);
    const type = await screen.findByRole('combobox', { name: 'Tipo' });
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos los tipos', '1.1 · Permisos y transferencias de vehículos', '2.1 · Exámenes y permisos especiales', '4.4 · Duplicados',
    ]);
    fireEvent.change(type, { target: { value: '4.4' } });
    await waitFor(() => expect(query(api.calls('GET dgt/tax/read').at(-1)!)).toEqual({ page: '1', per_page: '25', type_code: '4.4' }));
  });

  it('"Nueva tasa": the type is required, the amount typed in euros goes in cents, the host\'s field error under its field', async () => {
    const api = taxesHost({ 'POST dgt/tax/create': writeError('REQ-102', 'El importe debe estar entre 0 y 1.000.000 €', { field: 'amount' }) });
    renderModule('/dgt/folder/tax/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva tasa' }));
    const form = await screen.findByRole('form', { name: 'Nueva tasa' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear tasa' }));
    expect(await within(form).findByTestId('error-type_code')).toHaveTextContent('Este campo es obligatorio');

    fireEvent.change(within(form).getByRole('combobox', { name: /^Tipo/ }), { target: { value: '2.1' } });
    fireEvent.change(within(form).getByLabelText('Importe'), { target: { value: '12,5x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear tasa' }));
    expect(await within(form).findByTestId('error-amount')).toHaveTextContent('Indique el importe en euros (como mucho dos decimales)');
    expect(api.calls('POST dgt/tax/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Importe'), { target: { value: '1.000.000,01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear tasa' }));
    expect(await within(form).findByTestId('error-amount')).toHaveTextContent('El importe debe estar entre 0 y 1.000.000 €');
    expect(api.calls('POST dgt/tax/create')[0].body).toEqual({ type_code: '2.1', name: '', description: '', amount: 100000001 });

    api.on('POST dgt/tax/create', (req) => envelopeOk({ ...tax(), ...(req.body as object), id: 7, name: 'Exámenes y permisos especiales' }));
    fireEvent.change(within(form).getByLabelText('Importe'), { target: { value: '94,05' } });
    fireEvent.change(within(form).getByLabelText('Descripción'), { target: { value: ' Examen teórico ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear tasa' }));
    expect(await screen.findByText('Tasa Exámenes y permisos especiales creada')).toBeInTheDocument();
    expect(api.calls('POST dgt/tax/create')[1].body).toEqual({ type_code: '2.1', name: '', description: 'Examen teórico', amount: 9405 });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nueva tasa' })).not.toBeInTheDocument());
    // the list is read again
    await waitFor(() => expect(api.calls('GET dgt/tax/read')).toHaveLength(2));
  });

  it('"Editar" sends only what changed (an emptied amount as null); "Eliminar" asks first', async () => {
    const api = taxesHost({ 'POST dgt/tax/update': saved(tax()), 'POST dgt/tax/delete': envelopeOk({ ...tax(), state: 'deleted' }) });
    renderModule('/dgt/folder/tax/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar la tasa Examen permiso B' }));
    const form = await screen.findByRole('form', { name: 'Tasa Examen permiso B' });
    expect(within(form).getByLabelText('Importe')).toHaveValue('94,05');
    expect(within(form).getByRole('combobox', { name: /^Tipo/ })).toHaveValue('2.1');
    fireEvent.change(within(form).getByLabelText('Importe'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Nombre'), { target: { value: 'Examen B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tasa Examen B guardada')).toBeInTheDocument();
    expect(api.calls('POST dgt/tax/update')[0].body).toEqual({ id: 3, name: 'Examen B', amount: null });

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la tasa Duplicados' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('las carpetas que la usaron la seguirán nombrando');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST dgt/tax/delete').map((r) => r.body)).toEqual([{ id: 5 }]));
    expect(await screen.findByText('Tasa Duplicados eliminada')).toBeInTheDocument();
  });
});
