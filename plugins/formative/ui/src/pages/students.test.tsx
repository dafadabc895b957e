import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { assignment, assignmentDetail, assignments, body, content, found, page, query } from '../test/fixtures';

/** Content 5 (changed by `extra`) with its students, the contacts' finder and Lucía's lessons. */
function studentsHost(extra: object = {}, routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET formative/content/read': envelopeOk(content(extra)),
    'GET formative/assignment/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(assignmentDetail()) : page(assignments())),
    'GET contact/finder': envelopeOk(found()),
    ...(routes as Record<string, object>),
  });
}

/** The list's queries (without the reads of one assignment). */
const asked = (api: ReturnType<typeof studentsHost>) => api.calls('GET formative/assignment/read').filter((r) => !r.query.get('id')).map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

/** Content 5's page on its "Alumnos" tab, once the students are there. */
async function openStudents(api: ReturnType<typeof studentsHost>) {
  renderModule('/formative/content/view/5', api);
  fireEvent.click(within(await screen.findByRole('tablist', { name: 'Datos del contenido' })).getByRole('tab', { name: 'Alumnos' }));
  const table = await screen.findByRole('table', { name: 'Alumnos del contenido' });
  await within(table).findAllByTestId('student-name');
  return table;
}
const row = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

/** Opens the row's "Más" and answers the entry named `entry`. */
function menuEntry(table: HTMLElement, name: string, entry: string) {
  fireEvent.click(within(row(table, name)).getByRole('button', { name: `Más acciones de ${name}` }));
  return within(within(row(table, name)).getByRole('menu', { name: `Más acciones de ${name}` })).getByRole('menuitem', { name: entry });
}

describe('the students of a content', () => {
  it('lists each student with the days of access, the share open, the progress, the status and the day 90 % was reached', async () => {
    const api = studentsHost();
    const table = await openStudents(api);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Alumno', 'Acceso', 'Lecciones abiertas', 'Progreso', 'Situación', 'Al 90 %', 'Acciones']);
    expect(cells(row(table, 'Lucía Pérez Gómez')).slice(0, 6)).toEqual(['Lucía Pérez Gómezlucia@example.com', '01/12/2026 – 28/02/2027', '100 %', '50 %2 de 4 lecciones', 'En curso', '—']);
    expect(cells(row(table, 'Pablo Ortega')).slice(0, 6)).toEqual(['Pablo OrtegaSin correo', '01/12/2026 – 28/02/2027', '50 %', '50 %2 de 4 lecciones', 'En pausa', '20/12/2026']);
    const bar = within(row(table, 'Lucía Pérez Gómez')).getByRole('progressbar', { name: 'Progreso de Lucía Pérez Gómez' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    // compact: "Lecciones" as a button, the rest under "Más"
    expect(within(row(table, 'Lucía Pérez Gómez')).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Lecciones', 'Lecciones de Lucía Pérez Gómez'],
      ['Más', 'Más acciones de Lucía Pérez Gómez'],
    ]);
    // a paused access offers "Reanudar", an open one "Pausar"
    expect(menuEntry(table, 'Pablo Ortega', 'Reanudar el acceso de Pablo Ortega')).toBeInTheDocument();
    expect(menuEntry(table, 'Lucía Pérez Gómez', 'Pausar el acceso de Lucía Pérez Gómez')).toBeInTheDocument();
    expect(within(row(table, 'Lucía Pérez Gómez')).getAllByRole('menuitem').map((e) => [e.textContent, e.getAttribute('aria-label')])).toEqual([
      ['Editar', 'Editar el acceso de Lucía Pérez Gómez'],
      ['Pausar', 'Pausar el acceso de Lucía Pérez Gómez'],
      ['Copiar enlace', 'Copiar el enlace de Lucía Pérez Gómez'],
      ['Abrir', 'Abrir la página de Lucía Pérez Gómez'],
      ['Quitar', 'Quitar el contenido a Lucía Pérez Gómez'],
    ]);
    expect(asked(api)).toEqual([{ content_id: '5', page: '1', per_page: '25' }]);
  });

  it('searches and filters by status', async () => {
    const api = studentsHost();
    await openStudents(api);
    const status = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'En curso', 'Pendientes de empezar', 'Caducados', 'Completados']);
    fireEvent.change(status, { target: { value: 'completed' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ content_id: '5', status: 'completed', page: '1', per_page: '25' }));
    const search = within(screen.getByTestId('students-tab')).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'lucia' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ content_id: '5', search: 'lucia', status: 'completed', page: '1', per_page: '25' }));
  });

  it('"Asignar alumnos": several contacts, the days and the share checked; a refused student named; then the list again and who has no e-mail', async () => {
    const api = studentsHost({}, { 'POST formative/assignment/create': writeError('REQ-102', 'El contacto 33 no es un cliente', { field: 'contact_ids[1]' }) });
    await openStudents(api);
    fireEvent.click(screen.getByRole('button', { name: 'Asignar alumnos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar Teórico permiso B' });
    const form = within(dialog).getByRole('form', { name: 'Asignar alumnos' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Asignar' }));
    submit();
    expect(await within(form).findByTestId('error-contact_ids')).toHaveTextContent('Elija al menos un alumno');

    const finder = within(form).getByTestId('contact-finder');
    fireEvent.change(within(finder).getByRole('searchbox'), { target: { value: 'luc' } });
    fireEvent.click(await within(finder).findByRole('button', { name: 'Añadir a Lucía Pérez Gómez' }));
    fireEvent.change(within(finder).getByRole('searchbox'), { target: { value: 'lucas' } });
    // one already chosen cannot be chosen again
    expect(await within(finder).findByRole('button', { name: 'Añadir a Lucía Pérez Gómez' })).toBeDisabled();
    fireEvent.click(within(finder).getByRole('button', { name: 'Añadir a Lucas Martín' }));
    expect(within(form).getAllByTestId('chosen-student').map((li) => li.firstChild?.textContent)).toEqual(['Lucía Pérez Gómez', 'Lucas Martín']);
    expect(query(api.calls('GET contact/finder')[0])).toEqual({ search: 'luc', type: 'P' });

    fireEvent.change(within(form).getByLabelText('Desde'), { target: { value: '2027-01-10' } });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2027-01-01' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lecciones abiertas/ }), { target: { value: '120' } });
    submit();
    expect(await within(form).findByTestId('error-ends_on')).toHaveTextContent('El final no puede ser anterior al inicio');
    expect(within(form).getByTestId('error-percentage')).toHaveTextContent('Indique un número entero de 1 a 100');
    expect(api.calls('POST formative/assignment/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2027-04-10' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lecciones abiertas/ }), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Enviar el enlace por correo' }));
    submit();
    expect(await within(form).findByTestId('error-contact_ids')).toHaveTextContent('Lucas Martín: El contacto 33 no es un cliente');
    const sent = { content_id: 5, contact_ids: [31, 33], starts_on: '2027-01-10', ends_on: '2027-04-10', percentage: 50, send: true };
    expect(api.calls('POST formative/assignment/create').map(body)).toEqual([sent]);

    api.on('POST formative/assignment/create', envelopeOk({ items: [assignment(), assignment({ id: 103, contact_id: 33, name: 'Lucas Martín', email: '' })], sent: 1, without_email: ['Lucas Martín'] }));
    submit();
    expect(await screen.findByText('Contenido asignado a 2 alumnos; enlaces enviados: 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('without-email')).toHaveTextContent('Sin correo, no se les ha enviado el enlace: Lucas Martín');
    await waitFor(() => expect(asked(api)).toHaveLength(2));
  });

  it('a student without a link has neither "Copiar enlace" nor "Abrir"', async () => {
    const table = await openStudents(studentsHost({}, { 'GET formative/assignment/read': page([assignment({ url: null })]) }));
    fireEvent.click(within(row(table, 'Lucía Pérez Gómez')).getByRole('button', { name: 'Más acciones de Lucía Pérez Gómez' }));
    expect(within(row(table, 'Lucía Pérez Gómez')).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['Editar', 'Pausar', 'Quitar']);
  });

  it('a deleted content keeps only "Lecciones" in each row', async () => {
    const table = await openStudents(studentsHost({ state: 'deleted' }));
    expect(within(row(table, 'Lucía Pérez Gómez')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Lecciones']);
  });

  it('a content in development cannot be assigned: the button waits and says why', async () => {
    await openStudents(studentsHost({ status: 'developing' }));
    expect(screen.getByTestId('not-assignable')).toHaveTextContent('El contenido está en desarrollo: publíquelo para asignarlo a más alumnos.');
    expect(screen.getByRole('button', { name: 'Asignar alumnos' })).toBeDisabled();
  });

  it('"Editar" sends only what changed; "Pausar" and "Reanudar" change the state', async () => {
    const api = studentsHost({}, { 'POST formative/assignment/update': (req: MockRequest) => envelopeOk(assignment({ ...body(req) })) });
    const table = await openStudents(api);
    fireEvent.click(menuEntry(table, 'Lucía Pérez Gómez', 'Editar el acceso de Lucía Pérez Gómez'));
    const form = within(await screen.findByRole('dialog', { name: 'Acceso de Lucía Pérez Gómez' })).getByRole('form', { name: 'Acceso del alumno' });
    expect(within(form).getByLabelText(/^Desde/)).toHaveValue('2026-12-01');
    expect(within(form).getByRole('combobox', { name: /^Acceso/ })).toHaveValue('active');
    fireEvent.change(within(form).getByLabelText(/^Hasta/), { target: { value: '2027-03-31' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lecciones abiertas/ }), { target: { value: '75' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Acceso/ }), { target: { value: 'inactive' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Acceso de Lucía Pérez Gómez guardado')).toBeInTheDocument();
    expect(api.calls('POST formative/assignment/update').map(body)).toEqual([{ id: 101, ends_on: '2027-03-31', percentage: 75, state: 'inactive' }]);

    fireEvent.click(menuEntry(table, 'Pablo Ortega', 'Reanudar el acceso de Pablo Ortega'));
    expect(await screen.findByText('Acceso de Pablo Ortega reanudado')).toBeInTheDocument();
    fireEvent.click(menuEntry(table, 'Lucía Pérez Gómez', 'Pausar el acceso de Lucía Pérez Gómez'));
    expect(await screen.findByText('Acceso de Lucía Pérez Gómez en pausa')).toBeInTheDocument();
    expect(api.calls('POST formative/assignment/update').map(body).slice(1)).toEqual([
      { id: 102, state: 'active' },
      { id: 101, state: 'inactive' },
    ]);
  });

  it('"Quitar" asks first and revokes the link; a refusal is shown', async () => {
    const api = studentsHost({}, { 'POST formative/assignment/delete': writeError('CONFLICT-000', 'La asignación ya está eliminada') });
    const table = await openStudents(api);
    fireEvent.click(menuEntry(table, 'Lucía Pérez Gómez', 'Quitar el contenido a Lucía Pérez Gómez'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Quitar el contenido' });
    expect(dialog).toHaveTextContent('¿Quitar «Teórico permiso B» a Lucía Pérez Gómez? Su enlace dejará de funcionar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByTestId('students-errors')).toHaveTextContent('La asignación ya está eliminada');

    api.on('POST formative/assignment/delete', envelopeOk(assignment({ state: 'deleted', url: null })));
    fireEvent.click(menuEntry(table, 'Lucía Pérez Gómez', 'Quitar el contenido a Lucía Pérez Gómez'));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Contenido quitado a Lucía Pérez Gómez')).toBeInTheDocument();
    expect(api.calls('POST formative/assignment/delete').map(body)).toEqual([{ id: 101 }, { id: 101 }]);
    await waitFor(() => expect(asked(api)).toHaveLength(2));
  });

  it('copies a student\'s link; "Lecciones" shows one student\'s lessons done, to do or not included', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = studentsHost();
    const table = await openStudents(api);
    fireEvent.click(menuEntry(table, 'Lucía Pérez Gómez', 'Copiar el enlace de Lucía Pérez Gómez'));
    expect(await screen.findByText('Enlace de Lucía Pérez Gómez copiado')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://volante.test/formacion/ref-lucia');
    const open = menuEntry(table, 'Lucía Pérez Gómez', 'Abrir la página de Lucía Pérez Gómez');
    expect(open).toHaveAttribute('href', 'https://volante.test/formacion/ref-lucia');
    expect(open).toHaveAttribute('target', '_blank');
    fireEvent.keyDown(open, { key: 'Escape' });
    expect(within(row(table, 'Lucía Pérez Gómez')).queryByRole('menu')).toBeNull();

    fireEvent.click(within(row(table, 'Lucía Pérez Gómez')).getByRole('button', { name: 'Lecciones de Lucía Pérez Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lecciones de Lucía Pérez Gómez' });
    const lessons = await within(dialog).findByRole('table', { name: 'Lecciones del alumno' });
    expect(within(lessons).getAllByTestId('lesson-title').map((l) => cells(l.closest('tr')!))).toEqual([
      ['1', 'La vía públicaPermiso B · Normas generales', 'Hecha el 02/12/2026'],
      ['2', 'Los usuariosPermiso B · Normas generales', 'Hecha'],
      ['3', 'Límites de velocidadPermiso B · Velocidad', 'Pendiente'],
      ['4', 'De peligroSeñales · Señales verticales', 'No incluida'],
    ]);
    expect(dialog).toHaveTextContent('Lecciones abiertas: 75 % (3 de 4)');
    expect(api.calls('GET formative/assignment/read').filter((r) => r.query.get('id')).map(query)).toEqual([{ id: '101' }]);
  });

  it('"Enviar los enlaces por correo" says how many went and names those without an address; a refusal is shown', async () => {
    const api = studentsHost({}, { 'POST formative/assignment/send': envelopeOk({ sent: 1, without_email: ['Pablo Ortega'] }) });
    await openStudents(api);
    fireEvent.click(screen.getByTestId('send-links'));
    expect(await screen.findByText('Enlace enviado a 1 alumno')).toBeInTheDocument();
    expect(screen.getByTestId('without-email')).toHaveTextContent('Sin correo, no se les ha enviado el enlace: Pablo Ortega');
    expect(api.calls('POST formative/assignment/send').map(body)).toEqual([{ content_id: 5 }]);

    api.on('POST formative/assignment/send', writeError('PERMISSION-000', 'No tiene permiso'));
    fireEvent.click(screen.getByTestId('send-links'));
    expect(await screen.findByTestId('students-errors')).toHaveTextContent('No tiene permiso');
    expect(screen.queryByTestId('without-email')).toBeNull();
  });

  it("shows the host's refusal of the students' list", async () => {
    const api = studentsHost({}, { 'GET formative/assignment/read': readError('PERMISSION-000', 'No tiene permiso para asignar contenidos') });
    renderModule('/formative/content/view/5', api);
    fireEvent.click(within(await screen.findByRole('tablist')).getByRole('tab', { name: 'Alumnos' }));
    expect(await within(screen.getByTestId('students-tab')).findByRole('alert')).toHaveTextContent('No tiene permiso para asignar contenidos');
  });
});
