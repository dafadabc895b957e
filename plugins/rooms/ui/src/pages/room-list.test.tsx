import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { manager, renderModule } from '../test/render';
import { body, found, page, query, report, room, roomItem, roomItems, staff } from '../test/fixtures';

/** The list, the staff, the contacts' finder and (once one is opened) room 5 in detail. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET athena/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(room({ id: Number(req.query.get('id')) })) : page(roomItems())),
    'GET athena/staff': envelopeOk(staff()),
    'GET contact/finder': envelopeOk(found()),
    ...(routes as Record<string, object>),
  });
}

/** The list's queries (without the reads of one room). */
const asked = (api: ReturnType<typeof listHost>) => api.calls('GET athena/read').filter((r) => !r.query.get('id')).map(query);
const reads = (api: ReturnType<typeof listHost>) => api.calls('GET athena/read').filter((r) => r.query.get('id')).map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const detail = () => screen.getByTestId('room-detail');
const tab = async (name: string) => fireEvent.click(within(await screen.findByRole('tablist', { name: 'Datos del aula' })).getByRole('tab', { name }));

describe('the rooms', () => {
  it('lists name ("En directo" while live), teacher, the times in Spanish and the people counted', async () => {
    const api = listHost();
    renderModule('/room/list', api);
    const table = await screen.findByRole('table', { name: 'Aulas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Aula', 'Profesor', 'Horario', 'Personas']);
    const links = await within(table).findAllByTestId('room-name');
    expect(links.map((link) => cells(link.closest('tr')!))).toEqual([
      ['Teórico B: señalesEn directo', 'Ana García', '12/01/2027 10:00–12:00', 'Personal: 1 · Alumnos: 2 · Inspectores: 2'],
      ['CAP intensivo', 'Luis Pérez', '15/01/2027 16:00 – 16/01/2027 14:00', 'Personal: 0 · Alumnos: 12 · Inspectores: 1'],
      ['Repaso de examen', '—', '12/01/2027 10:00–12:00', 'Personal: 0 · Alumnos: 0 · Inspectores: 0'],
    ]);
    expect(within(links[0].closest('tr')!).getByTestId('live')).toHaveTextContent('En directo');
    expect(within(links[1].closest('tr')!).queryByTestId('live')).toBeNull();
    expect(screen.getByRole('link', { name: 'CAP intensivo' })).toHaveAttribute('href', '/room/list?id=6');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
  });

  it('filters by state and start day, keeping the search', async () => {
    const api = listHost();
    renderModule('/room/list', api);
    await screen.findAllByTestId('room-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' señales ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'señales', page: '1', per_page: '25' }));

    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activas', 'Eliminadas', 'Todas']);
    fireEvent.change(state, { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'señales', state: 'deleted', page: '1', per_page: '25' }));
    fireEvent.change(screen.getByLabelText('Aulas que empiezan desde el día'), { target: { value: '2027-01-10' } });
    fireEvent.change(screen.getByLabelText('Aulas que empiezan hasta el día'), { target: { value: '2027-01-31' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'señales', state: 'deleted', from: '2027-01-10', to: '2027-01-31', page: '1', per_page: '25' }));
    fireEvent.change(state, { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'señales', from: '2027-01-10', to: '2027-01-31', page: '1', per_page: '25' }));
  });

  it('"Nueva aula": name required, the end after the start; the staff to choose and the students found; then athena/create and the new room beside the list', async () => {
    const api = listHost({ 'POST athena/create': writeError('REQ-102', 'El profesor no existe', { field: 'teacher_id' }) });
    renderModule('/room/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva aula' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aula' });
    const form = within(dialog).getByRole('form', { name: 'Nueva aula' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear aula' }));
    submit();
    for (const field of ['name', 'teacher_id', 'starts_at', 'ends_at']) expect(await within(form).findByTestId(`error-${field}`)).toHaveTextContent('Este campo es obligatorio');

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Teórico C ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Normas y señales' } });
    const teacher = within(form).getByRole('combobox', { name: /^Profesor/ });
    await waitFor(() => expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor', 'Ana García', 'Luis Pérez', 'Marta Ruiz']));
    // the teacher is not offered among the members
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ana García' }));
    fireEvent.change(teacher, { target: { value: '7' } });
    expect(within(within(form).getByTestId('checklist-member_ids')).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Luis Pérez', 'Marta Ruiz']);
    fireEvent.change(within(form).getByLabelText(/^Empieza/), { target: { value: '2027-01-20T12:00' } });
    fireEvent.change(within(form).getByLabelText(/^Termina/), { target: { value: '2027-01-20T10:00' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Marta Ruiz' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Luis Pérez' }));
    submit();
    expect(await within(form).findByTestId('error-ends_at')).toHaveTextContent('La hora de fin debe ser posterior a la de inicio');
    expect(api.calls('POST athena/create')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Termina/), { target: { value: '2027-01-20T14:00' } });

    // the students: contacts found by the contacts plugin's finder
    const finder = within(form).getByTestId('student-finder');
    fireEvent.change(within(finder).getByRole('searchbox'), { target: { value: 'luc' } });
    fireEvent.click(await within(finder).findByRole('button', { name: 'Añadir a Lucía Pérez Gómez' }));
    expect(within(form).getAllByTestId('chosen-student').map((li) => li.firstChild?.textContent)).toEqual(['Lucía Pérez Gómez']);
    expect(Object.fromEntries(api.calls('GET contact/finder')[0].query)).toEqual({ search: 'luc', type: 'P' });
    submit();
    expect(await within(form).findByTestId('error-teacher_id')).toHaveTextContent('El profesor no existe');
    const sent = { name: 'Teórico C', description: 'Normas y señales', teacher_id: 7, starts_at: '2027-01-20T12:00', ends_at: '2027-01-20T14:00', member_ids: [8, 9], student_ids: [31] };
    expect(api.calls('POST athena/create').map(body)).toEqual([sent]);

    api.on('POST athena/create', (req: MockRequest) => envelopeOk(room({ ...body(req), id: 12 })));
    submit();
    expect(await screen.findByText('Aula Teórico C creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva aula' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('?id=12'));
    await waitFor(() => expect(reads(api)).toEqual([{ id: '12' }]));
    // the list is read again, with the new one
    await waitFor(() => expect(asked(api)).toHaveLength(2));
  });

  it('a room opens beside the list (?id=): "Datos" sends only what changed; "Eliminar el aula" asks first, then closes it', async () => {
    const api = listHost({
      'POST athena/update': (req: MockRequest) => envelopeOk(room({ ...body(req) })),
      'POST athena/delete': envelopeOk(room({ state: 'deleted' })),
    });
    renderModule('/room/list', api);
    fireEvent.click(await screen.findByRole('link', { name: 'Teórico B: señales' }));
    expect(await screen.findByTestId('detail-name')).toHaveTextContent('Teórico B: señales');
    expect(screen.getByTestId('query')).toHaveTextContent('?id=5');
    expect(within(detail()).getByTestId('detail-span')).toHaveTextContent('12/01/2027 10:00–12:00');
    expect(within(detail()).getByRole('link', { name: 'Entrar en el aula' })).toHaveAttribute('href', '/pizarra/open?room=5');
    expect(within(screen.getByRole('tablist', { name: 'Datos del aula' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Datos', 'Personas', 'Inspectores', 'Informe']);

    const form = within(detail()).getByRole('form', { name: 'Datos' });
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Teórico B: señales');
    expect(within(form).getByLabelText(/^Empieza/)).toHaveValue('2027-01-12T10:00');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Profesor/ })).toHaveValue('7'));
    expect(within(form).getByRole('checkbox', { name: 'Luis Pérez' })).toBeChecked();
    expect(within(form).getAllByTestId('chosen-student').map((li) => li.firstChild?.textContent)).toEqual(['Lucía Pérez Gómez', 'Pablo Ortega']);
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST athena/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Termina/), { target: { value: '2027-01-12T13:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Quitar a Pablo Ortega' }));
    save();
    expect(await screen.findByText('Aula Teórico B: señales guardada')).toBeInTheDocument();
    expect(api.calls('POST athena/update').map(body)).toEqual([{ id: 5, ends_at: '2027-01-12T13:00', student_ids: [31] }]);

    fireEvent.click(within(detail()).getByRole('button', { name: 'Eliminar el aula' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el aula' });
    expect(dialog).toHaveTextContent('¿Eliminar el aula «Teórico B: señales»? Su reunión abierta termina y todos sus enlaces dejan de funcionar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST athena/delete')).toHaveLength(0);
    fireEvent.click(within(detail()).getByRole('button', { name: 'Eliminar el aula' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST athena/delete').map(body)).toEqual([{ id: 5 }]));
    expect(await screen.findByText('Aula Teórico B: señales eliminada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('room-detail')).toBeNull());
    expect(screen.getByTestId('query').textContent).toBe('');
  });

  it('"Personas": the teacher and staff with the room\'s page, each student with their link and "Copiar", or "No hay enlace disponible"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderModule('/room/list?id=5', listHost());
    await tab('Personas');
    const people = await screen.findByTestId('people');
    expect(within(people).getByTestId('person-teacher')).toHaveTextContent('Ana García');
    expect(within(within(people).getByTestId('person-teacher')).getByTestId('teacher-link-url')).toHaveAttribute('href', `${window.location.origin}/pizarra/open?room=5`);
    expect(within(people).getAllByTestId('person-member').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Luis Pérez']);
    const [lucia, pablo] = within(people).getAllByTestId('person-student');
    expect(within(lucia).getByRole('link', { name: 'https://volante.test/aula/ref-lucia' })).toHaveAttribute('target', '_blank');
    expect(within(pablo).getByTestId('student-link-none')).toHaveTextContent('No hay enlace disponible');
    fireEvent.click(within(lucia).getByRole('button', { name: 'Copiar el enlace de Lucía Pérez Gómez' }));
    expect(await screen.findByText('Enlace de Lucía Pérez Gómez copiado')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://volante.test/aula/ref-lucia');
  });

  it('"Enviar los enlaces por correo" mails the students their links and names those without an address', async () => {
    const api = listHost({ 'POST athena/send/links': envelopeOk({ sent: 1, without_email: ['Pablo Ruiz'] }) });
    renderModule('/room/list?id=5', api);
    await tab('Personas');
    fireEvent.click(await screen.findByTestId('send-links'));
    expect(await screen.findByText('Enlace enviado a 1 alumno')).toBeInTheDocument();
    expect(screen.getByTestId('send-links-errors')).toHaveTextContent('Sin correo, no se les ha enviado: Pablo Ruiz');
    expect(api.calls('POST athena/send/links').map(body)).toEqual([{ room_id: 5 }]);
  });

  it('"Inspectores": name, organisation, e-mail and link ("No hay enlace disponible" without one); "Nuevo inspector" and "Eliminar"', async () => {
    const api = listHost({
      'POST athena/create/inspector': writeError('REQ-102', 'El correo electrónico no es válido', { field: 'email' }),
      'POST athena/delete/inspector': envelopeOk({ id: 201 }),
    });
    renderModule('/room/list?id=5', api);
    await tab('Inspectores');
    const table = await screen.findByRole('table', { name: 'Inspectores del aula' });
    const rows = within(table).getAllByTestId('inspector-name').map((n) => n.closest('tr')!);
    expect(rows.map((r) => cells(r).slice(0, 3))).toEqual([
      ['Carmen Jefatura', 'Jefatura Provincial de Tráfico de Madrid', 'carmen@dgt.es'],
      ['Jorge Antiguo', 'Consejería de Educación', '—'],
      ['Pedro RetiradoSin acceso', 'JPT Toledo', 'pedro@dgt.es'],
    ]);
    expect(within(rows[0]).getByTestId('inspector-link-url')).toHaveAttribute('href', 'https://volante.test/aula/ref-carmen');
    expect(within(rows[1]).getByTestId('inspector-link-none')).toHaveTextContent('No hay enlace disponible');
    expect(within(rows[2]).getByTestId('inspector-link-none')).toHaveTextContent('No hay enlace disponible');
    // an access taken away stays for the record, with nothing to delete
    expect(within(rows[1]).getByRole('button', { name: 'Eliminar al inspector Jorge Antiguo' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo inspector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo inspector' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Dar acceso' }));
    submit();
    expect(await within(dialog).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Rosa Inspectora ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Organismo' }), { target: { value: 'JPT Toledo' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Enviar el enlace por correo' }));
    submit();
    expect(await within(dialog).findByTestId('error-email')).toHaveTextContent('Indique el correo electrónico al que enviar el enlace');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'rosa@' } });
    submit();
    expect(await within(dialog).findByTestId('error-email')).toHaveTextContent('El correo electrónico no es válido');
    expect(api.calls('POST athena/create/inspector').map(body)).toEqual([{ room_id: 5, name: 'Rosa Inspectora', email: 'rosa@', organisation: 'JPT Toledo', send: true }]);

    api.on('POST athena/create/inspector', (req: MockRequest) => envelopeOk({ id: 203, ...body(req), url: 'https://volante.test/aula/ref-rosa', created_at: '2027-01-10T10:00:00Z' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'rosa@jpt.es' } });
    submit();
    expect(await screen.findByText('Inspector Rosa Inspectora añadido: enlace enviado a rosa@jpt.es')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo inspector' })).toBeNull());
    // the room is read again, for the list of inspectors
    await waitFor(() => expect(reads(api)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar al inspector Carmen Jefatura' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Eliminar el inspector' });
    expect(confirm).toHaveTextContent('¿Quitar el acceso a Carmen Jefatura? Su enlace dejará de abrir el aula.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST athena/delete/inspector').map(body)).toEqual([{ id: 201 }]));
    expect(await screen.findByText('Inspector Carmen Jefatura eliminado')).toBeInTheDocument();
    await waitFor(() => expect(reads(api)).toHaveLength(3));
  });

  it('"Informe": the total per person and each meeting with who attended, the kinds in Spanish', async () => {
    const api = listHost({ 'GET athena/reports/5': envelopeOk(report()) });
    renderModule('/room/list?id=5', api);
    await tab('Informe');
    const people = await screen.findByRole('table', { name: 'Total por persona' });
    expect(within(people).getAllByTestId('report-person').map((p) => cells(p.closest('tr')!))).toEqual([
      ['Ana García', 'Profesor', '1', '90 minutos'],
      ['Lucía Pérez Gómez', 'Alumno', '1', '84 minutos'],
      ['Carmen Jefatura', 'Inspector', '1', '1 minuto'],
      ['Luis Pérez', 'Personal', '1', '28 minutos'],
    ]);
    const meetings = screen.getAllByTestId('report-meeting');
    expect(meetings.map((m) => within(m).getByTestId('report-meeting-title').textContent)).toEqual([
      'Reunión del 05/01/2027 - 10:00:00 al 05/01/2027 - 11:30:00',
      'Reunión abierta desde el 12/01/2027 - 10:02:00',
    ]);
    expect(within(meetings[0]).getByTestId('report-meeting-facts')).toHaveTextContent('Abierta por Ana García · 90 minutos');
    expect(within(meetings[0]).getAllByTestId('report-attendee').map((a) => cells(a.closest('tr')!))).toEqual([
      ['Ana García', 'Profesor', '05/01/2027 - 10:00:00', '05/01/2027 - 11:30:00', '90 minutos'],
      ['Lucía Pérez Gómez', 'Alumno', '05/01/2027 - 10:05:00', '05/01/2027 - 11:29:00', '84 minutos'],
      ['Carmen Jefatura', 'Inspector', '05/01/2027 - 10:30:00', '05/01/2027 - 10:31:00', '1 minuto'],
    ]);
    expect(within(meetings[1]).getByText('No entró nadie')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(api.calls('GET athena/reports/5')).toHaveLength(2));
  });

  it('"Ajustes": the meeting server read and saved', async () => {
    const api = listHost({
      'GET athena/settings': envelopeOk({ meeting_server: 'https://meet.jit.si' }),
      'POST athena/settings': (req: MockRequest) => envelopeOk(body(req)),
    });
    renderModule('/room/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajustes del aula virtual' });
    const input = await within(dialog).findByRole('textbox', { name: /^Servidor de videoconferencia/ });
    expect(input).toHaveValue('https://meet.jit.si');
    fireEvent.change(input, { target: { value: ' https://meet.autoescuela.es/ ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ajustes guardados')).toBeInTheDocument();
    expect(api.calls('POST athena/settings').map(body)).toEqual([{ meeting_server: 'https://meet.autoescuela.es' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Entrar en el aula" only for a manager who may also enter rooms (`room`)', async () => {
    renderModule('/room/list?id=5', listHost(), manager);
    expect(await screen.findByTestId('detail-name')).toHaveTextContent('Teórico B: señales');
    expect(screen.queryByRole('link', { name: 'Entrar en el aula' })).toBeNull();
  });

  it("a member the host refuses (`member_ids[i]`) is named under the list", async () => {
    const api = listHost({ 'POST athena/update': writeError('REQ-102', 'El usuario 9 no existe o no está activo', { field: 'member_ids[1]' }) });
    renderModule('/room/list?id=5', api);
    const form = await screen.findByRole('form', { name: 'Datos' });
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Marta Ruiz' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-member_ids')).toHaveTextContent('Marta Ruiz: El usuario 9 no existe o no está activo');
    expect(api.calls('POST athena/update').map(body)).toEqual([{ id: 5, member_ids: [8, 9] }]);
  });

  it("the staff that cannot be read is said in the form, which still offers the room's own teacher and members", async () => {
    const api = listHost({ 'GET athena/staff': readError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule('/room/list?id=5', api);
    const form = await screen.findByRole('form', { name: 'Datos' });
    expect(await within(form).findByTestId('staff-failed')).toHaveTextContent('No se ha podido leer el personal de la empresa: No tiene permiso para esta acción');
    expect(within(within(form).getByRole('combobox', { name: /^Profesor/ })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor', 'Ana García', 'Luis Pérez']);
  });

  it("a deleted room is read only: a notice, the form disabled, nothing to delete", async () => {
    const api = listHost({ 'GET athena/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(room({ state: 'deleted' })) : page([roomItem({ state: 'deleted' })])) });
    renderModule('/room/list?id=5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Esta aula está eliminada');
    expect(within(detail()).getByTestId('deleted')).toHaveTextContent('Eliminada');
    expect(await within(await screen.findByRole('table', { name: 'Aulas' })).findByTestId('deleted')).toHaveTextContent('Eliminada');
    expect(within(screen.getByRole('form', { name: 'Datos' })).getByRole('textbox', { name: /^Nombre/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Eliminar el aula' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Entrar en el aula' })).toBeNull();
  });
});
