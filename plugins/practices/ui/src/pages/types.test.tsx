import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { page, practiceType, query, saved, types } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent?.replace(/\u00a0/g, ' '));

function typesHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET hermes/practice/type/read': page(types()), ...routes });
}

describe('the lesson types', () => {
  it('lists name, licence, length, price in es-ES euros and state; a name opens the type', async () => {
    renderModule('/formative/practice/type', typesHost({ 'GET hermes/practice/type/read/4': envelopeOk(types()[1]) }));
    const table = await screen.findByRole('table', { name: 'Tipos de práctica' });
    const rows = (await within(table).findAllByTestId('type-name')).map((c) => c.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['Práctica B 45 min', 'B', '45', '38,00 €', 'Se ofrece'],
      ['Práctica B 60 min', 'B', '60', '48,00 €', 'Se ofrece'],
      ['Práctica A2 circuito', 'A2', '30', '1234,56 €', 'Inactivo'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Permiso', 'Duración (min)', 'Precio', 'Estado']);
    fireEvent.click(within(rows[1]).getByRole('link', { name: 'Práctica B 60 min' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/formative/practice/view/4'));
    expect(await screen.findByTestId('type-title')).toHaveTextContent('Práctica B 60 min');
  });

  it('searches and filters by licence (the fixed list)', async () => {
    const api = typesHost();
    renderModule('/formative/practice/type', api);
    const licence = await screen.findByRole('combobox', { name: 'Permiso' });
    expect(within(licence).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos los permisos', 'A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV',
    ]);
    fireEvent.change(licence, { target: { value: 'A2' } });
    await waitFor(() => expect(query(api.calls('GET hermes/practice/type/read').at(-1)!)).toEqual({ page: '1', per_page: '25', licence: 'A2' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'circuito' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET hermes/practice/type/read').at(-1)!)).toEqual({ search: 'circuito', page: '1', per_page: '25', licence: 'A2' }));
  });

  it('"Nuevo tipo": checks name, licence, minutes and price, sends the price in cents; the host\'s field error under its field', async () => {
    const api = typesHost({ 'POST hermes/practice/type/create': writeError('REQ-102', 'Ya hay un tipo con ese nombre', { field: 'name' }) });
    renderModule('/formative/practice/type', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo tipo' }));
    const form = await screen.findByRole('form', { name: 'Nuevo tipo de práctica' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear tipo' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Práctica B 45 min ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'B' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Duración/ }), { target: { value: '500' } });
    submit();
    expect(await within(form).findByTestId('error-minutes')).toHaveTextContent('Indique una duración entera entre 15 y 480 minutos');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Duración/ }), { target: { value: '45' } });
    submit();
    expect(await within(form).findByTestId('error-price')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio/ }), { target: { value: '38,5x' } });
    submit();
    expect(await within(form).findByTestId('error-price')).toHaveTextContent('Indique el importe en euros');
    expect(api.calls('POST hermes/practice/type/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio/ }), { target: { value: '38,50' } });
    fireEvent.change(within(form).getByLabelText('Descripción'), { target: { value: ' Con el coche de la escuela ' } });
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya hay un tipo con ese nombre');
    expect(api.calls('POST hermes/practice/type/create')[0].body).toEqual({ name: 'Práctica B 45 min', licence: 'B', minutes: 45, price: 3850, description: 'Con el coche de la escuela' });

    api.on('POST hermes/practice/type/create', (req) => envelopeOk({ ...practiceType(), ...(req.body as object), id: 9 }));
    submit();
    expect(await screen.findByText('Tipo de práctica Práctica B 45 min creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo tipo de práctica' })).not.toBeInTheDocument());
    // the list is read again
    await waitFor(() => expect(api.calls('GET hermes/practice/type/read')).toHaveLength(2));
  });
});

describe('a lesson type', () => {
  it('shows its data and saves only what changed (the price in cents)', async () => {
    const api = mockApi({ 'GET hermes/practice/type/read/3': envelopeOk(practiceType()), 'POST hermes/practice/type/update': saved(practiceType()) });
    renderModule('/formative/practice/view/3', api);
    expect(await screen.findByTestId('type-title')).toHaveTextContent('Práctica B 45 min');
    expect(screen.getByTestId('type-price').textContent?.replace(/\u00a0/g, ' ')).toBe('38,00 €');
    expect(screen.getByTestId('type-minutes')).toHaveTextContent('45');
    const form = screen.getByRole('form', { name: 'Datos del tipo de práctica' });
    expect(within(form).getByRole('textbox', { name: /^Precio/ })).toHaveValue('38,00');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST hermes/practice/type/update')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio/ }), { target: { value: '40' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Duración/ }), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tipo de práctica Práctica B 45 min guardado')).toBeInTheDocument();
    expect(api.calls('POST hermes/practice/type/update')[0].body).toEqual({ id: 3, minutes: 50, price: 4000 });
    await waitFor(() => expect(screen.getByTestId('type-price').textContent?.replace(/\u00a0/g, ' ')).toBe('40,00 €'));
  });

  it('"Dejar de ofrecer" asks first, sends delete and goes back to the list', async () => {
    const api = mockApi({
      'GET hermes/practice/type/read/3': envelopeOk(practiceType()),
      'POST hermes/practice/type/delete': envelopeOk(practiceType({ state: 'deleted' })),
      'GET hermes/practice/type/read': page([]),
    });
    renderModule('/formative/practice/view/3', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Dejar de ofrecer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Dejar de ofrecer Práctica B 45 min?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST hermes/practice/type/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Dejar de ofrecer' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Dejar de ofrecer' }));
    await waitFor(() => expect(api.calls('POST hermes/practice/type/delete').map((r) => r.body)).toEqual([{ id: 3 }]));
    expect(await screen.findByText('Práctica B 45 min ya no se ofrece')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/formative/practice/type'));
  });

  it('a type no longer offered is read only', async () => {
    renderModule('/formative/practice/view/3', mockApi({ 'GET hermes/practice/type/read/3': envelopeOk(practiceType({ state: 'deleted' })) }));
    expect(await screen.findByText(/Este tipo de práctica ya no se ofrece/)).toBeInTheDocument();
    expect(screen.getByTestId('type-state')).toHaveTextContent('Ya no se ofrece');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dejar de ofrecer' })).not.toBeInTheDocument();
  });
});
