import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { freezeToday, page, query, staff, task, tasks } from '../test/fixtures';

function tasksHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET task/read': page(tasks()), 'GET task/staff': envelopeOk(staff), ...routes });
}

const asked = (api: ReturnType<typeof tasksHost>) => api.calls('GET task/read').map(query);
const rowOf = (title: string) => screen.getByText(title, { selector: '[data-testid="task-title"]' }).closest('tr')!;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(1, 5).map((td) => td.textContent);
const done = (title: string) => screen.getByRole('checkbox', { name: `Hecha: ${title}` });
const change = (form: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

describe('the tasks', () => {
  it('open on the pending ones: title, owner, due date ("Vencida" when overdue) and priority', async () => {
    const api = tasksHost();
    renderModule('/task/list', api);
    const table = await screen.findByRole('table', { name: 'Tareas' });
    await within(table).findAllByTestId('task-title');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25', checked: 'false' }]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Hecha', 'Tarea', 'Responsable', 'Fecha límite', 'Prioridad', 'Acciones']);
    expect(['Revisar los frenos del Ibiza', 'Pedir presupuesto de seguros', 'Ordenar el archivo'].map((title) => cells(rowOf(title)))).toEqual([
      ['Revisar los frenos del Ibiza', 'Ana García', '30/11/2026Vencida', 'Alta'],
      ['Pedir presupuesto de seguros', 'Dolores Directora Demo', '10/12/2026', 'Normal'],
      ['Ordenar el archivo', 'Sin responsable', '—', 'Baja'],
    ]);
    expect(within(table).getAllByTestId('task-overdue')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('open');
  });

  it('"Pendientes / Hechas / Todas", "Mías", the priority and the search go to the query', async () => {
    const api = tasksHost();
    renderModule('/task/list', api);
    await screen.findAllByTestId('task-title');
    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pendientes', 'Hechas', 'Todas']);
    fireEvent.change(status, { target: { value: 'done' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', checked: 'true' }));
    fireEvent.change(status, { target: { value: 'all' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mías' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', assignee_user_id: 'me' }));
    const priority = screen.getByRole('combobox', { name: 'Prioridad' });
    expect(within(priority).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las prioridades', 'Baja', 'Normal', 'Alta']);
    fireEvent.change(priority, { target: { value: 'high' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', assignee_user_id: 'me', priority: 'high' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'frenos' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'frenos', page: '1', per_page: '25', assignee_user_id: 'me', priority: 'high' }));
  });

  it('the done box sends task/check and then shows what the host stored (no longer overdue)', async () => {
    const api = tasksHost({
      'POST task/check': (req: MockRequest) => {
        const checked = (req.body as { checked: boolean }).checked;
        return envelopeOk(task({ checked, overdue: !checked, checked_by: checked ? 2 : null, checked_by_name: checked ? 'Dolores Directora Demo' : null }));
      },
    });
    renderModule('/task/list', api);
    await screen.findAllByTestId('task-title');
    fireEvent.click(done('Revisar los frenos del Ibiza'));
    await waitFor(() => expect(done('Revisar los frenos del Ibiza')).toBeChecked());
    expect(api.calls('POST task/check').map((r) => r.body)).toEqual([{ id: 51, checked: true }]);
    expect(within(rowOf('Revisar los frenos del Ibiza')).queryByTestId('task-overdue')).not.toBeInTheDocument();
    expect(await screen.findByText('Tarea Revisar los frenos del Ibiza hecha')).toBeInTheDocument();

    fireEvent.click(done('Revisar los frenos del Ibiza'));
    await waitFor(() => expect(done('Revisar los frenos del Ibiza')).not.toBeChecked());
    expect(api.calls('POST task/check')[1].body).toEqual({ id: 51, checked: false });
    expect(within(rowOf('Revisar los frenos del Ibiza')).getByTestId('task-overdue')).toBeInTheDocument();
  });

  it('a refused check shows the reason and the box stays as stored', async () => {
    const api = tasksHost({ 'POST task/check': writeError('NOT-FOUND-000', 'No se encuentra la tarea') });
    renderModule('/task/list', api);
    await screen.findAllByTestId('task-title');
    fireEvent.click(done('Ordenar el archivo'));
    expect(await screen.findByTestId('task-action-errors')).toHaveTextContent('No se encuentra la tarea');
    expect(done('Ordenar el archivo')).not.toBeChecked();
  });

  it('"Nueva tarea": title required; the signed-in user\'s by default, "Sin responsable" sends null; host errors under their fields; then the list is read again', async () => {
    const api = tasksHost({ 'POST task/create': writeError('REQ-102', 'La fecha no es válida', { field: 'due_date' }) });
    renderModule('/task/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva tarea' }));
    const form = await screen.findByRole('form', { name: 'Nueva tarea' });
    const owner = within(form).getByRole('combobox', { name: /^Responsable/ });
    await waitFor(() => expect(within(owner).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin responsable', 'Ana García', 'Dolores Directora Demo', 'Luis Pérez']));
    expect(owner).toHaveValue('2');
    expect(within(form).getByRole('combobox', { name: /^Prioridad/ })).toHaveValue('normal');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear tarea' }));
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST task/create')).toHaveLength(0);

    change(form, /^Título/, ' Llamar a la gestoría ');
    change(form, /^Fecha límite/, '2026-12-04');
    submit();
    expect(await within(form).findByTestId('error-due_date')).toHaveTextContent('La fecha no es válida');
    expect(api.calls('POST task/create')[0].body).toEqual({ title: 'Llamar a la gestoría', due_date: '2026-12-04', priority: 'normal', assignee_user_id: 2, description: '' });

    api.on('POST task/create', (req: MockRequest) => envelopeOk(task({ id: 60, ...(req.body as object) })));
    change(form, /^Fecha límite/, '');
    fireEvent.change(owner, { target: { value: '' } });
    change(form, /^Prioridad/, 'high');
    submit();
    expect(await screen.findByText('Tarea Llamar a la gestoría creada')).toBeInTheDocument();
    expect(api.calls('POST task/create')[1].body).toEqual({ title: 'Llamar a la gestoría', priority: 'high', assignee_user_id: null, description: '' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nueva tarea' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET task/read')).toHaveLength(2));
  });

  it('"Editar" opens the task in a panel and sends only what changed', async () => {
    const api = tasksHost({ 'POST task/update': (req: MockRequest) => envelopeOk(task(req.body as object)) });
    renderModule('/task/list', api);
    await screen.findAllByTestId('task-title');
    fireEvent.click(screen.getByRole('button', { name: 'Editar la tarea Revisar los frenos del Ibiza' }));
    const form = await screen.findByRole('form', { name: 'Editar la tarea Revisar los frenos del Ibiza' });
    expect(within(form).getByLabelText(/^Título/)).toHaveValue('Revisar los frenos del Ibiza');
    expect(within(form).getByLabelText(/^Fecha límite/)).toHaveValue('2026-11-30');
    expect(within(form).getByRole('combobox', { name: /^Prioridad/ })).toHaveValue('high');
    expect(within(form).getByRole('combobox', { name: /^Responsable/ })).toHaveValue('7');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();

    change(form, /^Fecha límite/, '');
    change(form, /^Prioridad/, 'low');
    change(form, /^Responsable/, '8');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tarea Revisar los frenos del Ibiza guardada')).toBeInTheDocument();
    expect(api.calls('POST task/update').map((r) => r.body)).toEqual([{ id: 51, due_date: null, priority: 'low', assignee_user_id: 8 }]);
    await waitFor(() => expect(screen.queryByTestId('task-edit')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET task/read')).toHaveLength(2));
  });

  it('"Eliminar" asks first, then sends task/delete and reads the list again', async () => {
    const api = tasksHost({ 'POST task/delete': envelopeOk(task({ state: 'deleted' })) });
    renderModule('/task/list', api);
    await screen.findAllByTestId('task-title');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la tarea Revisar los frenos del Ibiza' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar la tarea Revisar los frenos del Ibiza?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST task/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la tarea Revisar los frenos del Ibiza' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST task/delete').map((r) => r.body)).toEqual([{ id: 51 }]));
    expect(await screen.findByText('Tarea Revisar los frenos del Ibiza eliminada')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET task/read')).toHaveLength(2));
  });
});
