import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderLive } from '../test/render';
import { FLOTA, alarms, body, freezeToday, groups, noticePage, page, query, staff } from '../test/fixtures';

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

function listHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET alarma/notice/read': noticePage(),
    'GET alarma/read': page(alarms()),
    'GET alarma/group/read': envelopeOk(groups()),
    ...routes,
  });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('GET alarma/read').map(query);
const table = () => screen.getByRole('table', { name: 'Alarmas' });
const rows = () => within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
const groupsPanel = () => screen.getByTestId('groups-panel');
const groupNames = () => within(groupsPanel()).queryAllByTestId('group').map((g) => g.querySelector('[data-testid="group-label"]')!.textContent);

async function openAlarms(api = listHost()) {
  renderLive('/alarma/list', api);
  fireEvent.click(await screen.findByRole('tab', { name: 'Alarmas' }));
  await within(table()).findAllByTestId('alarm-title');
  return api;
}

describe('the alarms tab', () => {
  it('lists the alarms: title (opening it), group with its colour, next time (Madrid) or "No volverá a sonar", repetition and people', async () => {
    const api = await openAlarms();
    expect(screen.getByTestId('location')).toHaveTextContent('/alarma/list');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Alarma', 'Grupo', 'Próximo aviso', 'Repetición', 'Personas']);
    expect(rows()).toEqual([
      ['ITV del Ibiza', 'Flota', '15/12/2026 - 09:30', 'Cada año', 'Dolores Directora Demo, Ana García'],
      ['Llamar a la DGT', 'Secretaría', '21/12/2026 - 08:00', 'Cada semana', 'Luis Pérez'],
      ['Renovar el seguro', 'Sin grupo', 'No volverá a sonar', 'No se repite', '—'],
    ]);
    expect(within(table()).getAllByTestId('group-dot').map((d) => d.getAttribute('data-color'))).toEqual(['#f1416c', '#7239ea']);
    expect(within(table()).getByRole('link', { name: 'ITV del Ibiza' })).toHaveAttribute('href', '/alarma/view/21');
  });

  it('"Solo las mías", the group and the search go to the query', async () => {
    const api = await openAlarms();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo las mías' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', user_id: 'me' }));
    const group = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los grupos', 'Flota', 'Secretaría']));
    fireEvent.change(group, { target: { value: '3' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', user_id: 'me', group_id: '3' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'ITV' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'ITV', page: '1', per_page: '25', user_id: 'me', group_id: '3' }));
  });

  it('"Nueva alarma" opens a new one; the tab is kept in the address', async () => {
    const api = await openAlarms(listHost({ 'GET alarma/staff': envelopeOk(staff) }));
    expect(screen.getByRole('tab', { name: 'Alarmas' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'Nueva alarma' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alarma/view/0'));
    expect(await screen.findByRole('form', { name: 'Nueva alarma' })).toBeInTheDocument();
    expect(api.calls('GET alarma/staff')).toHaveLength(1);
  });

  it('opened at ?tab=alarms it shows the alarms', async () => {
    renderLive('/alarma/list?tab=alarms', listHost());
    expect(await within(await screen.findByRole('table', { name: 'Alarmas' })).findAllByTestId('alarm-title')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: 'Alarmas' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the groups', () => {
  it('are listed; "Crear grupo" checks the name, sends name and colour, shows the host\'s field errors and reads them again', async () => {
    const api = await openAlarms(
      listHost({ 'POST alarma/group/create': writeError('REQ-102', 'Ya existe un grupo con ese nombre', { field: 'name' }) }),
    );
    await waitFor(() => expect(groupNames()).toEqual(['Flota', 'Secretaría']));
    const form = within(groupsPanel()).getByRole('form', { name: 'Nuevo grupo' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'x'.repeat(101) } });
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Como máximo 100 caracteres');
    expect(api.calls('POST alarma/group/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Flota ' } });
    expect(within(form).getByLabelText('Color')).toHaveValue('#009ef7');
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(api.calls('POST alarma/group/create').map(body)).toEqual([{ name: 'Flota', color: '#009EF7' }]);

    api.on('POST alarma/group/create', (req: MockRequest) => envelopeOk({ id: 5, ...body(req) }));
    api.on('GET alarma/group/read', envelopeOk([{ id: 5, name: 'Exámenes', color: '#50cd89' }, ...groups()]));
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'Exámenes' } });
    fireEvent.change(within(form).getByLabelText('Color'), { target: { value: '#50cd89' } });
    submit();
    expect(await screen.findByText('Grupo Exámenes creado')).toBeInTheDocument();
    expect(api.calls('POST alarma/group/create').map(body)[1]).toEqual({ name: 'Exámenes', color: '#50cd89' });
    await waitFor(() => expect(groupNames()).toEqual(['Exámenes', 'Flota', 'Secretaría']));
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it('"Eliminar" asks first (the alarms stay, without a group), then deletes it and reads the groups and alarms again', async () => {
    const api = await openAlarms(listHost({ 'POST alarma/group/delete': envelopeOk({}) }));
    await waitFor(() => expect(groupNames()).toEqual(['Flota', 'Secretaría']));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Flota' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el grupo Flota? Las alarmas del grupo se conservan, sin grupo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST alarma/group/delete')).toHaveLength(0);

    api.on('GET alarma/group/read', envelopeOk(groups().filter((g) => g.id !== FLOTA.id)));
    api.on('GET alarma/read', page(alarms().map((a) => (a.group_id === FLOTA.id ? { ...a, group_id: null, group: null } : a))));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Flota' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Flota eliminado')).toBeInTheDocument();
    expect(api.calls('POST alarma/group/delete').map(body)).toEqual([{ id: 3 }]);
    await waitFor(() => expect(groupNames()).toEqual(['Secretaría']));
    await waitFor(() => expect(api.calls('GET alarma/read')).toHaveLength(2));
    await waitFor(() => expect(rows()[0].slice(0, 2)).toEqual(['ITV del Ibiza', 'Sin grupo']));
  });

  it('a refused deletion shows the reason', async () => {
    await openAlarms(listHost({ 'POST alarma/group/delete': writeError('NOT-FOUND-000', 'No se encuentra el grupo') }));
    await waitFor(() => expect(groupNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Secretaría' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('groups-panel-errors')).toHaveTextContent('No se encuentra el grupo');
    expect(groupNames()).toEqual(['Flota', 'Secretaría']);
  });
});
