import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { branches, business, folder, folderItem, folderStudent, found, page, query, saved, tax } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent);

function folderHost(record: object = folder(), routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/folder/read': envelopeOk(record),
    'GET dgt/tax/read': page([tax(), tax({ id: 4, type_code: '2.2', name: 'Examen permiso A', amount: 9405 })]),
    'GET business/branch/list': envelopeOk(branches),
    ...routes,
  });
}

/** A student row changed by `student/update`: the folder with that row updated. */
function updatesRow(record: ReturnType<typeof folder>) {
  return (req: MockRequest) => {
    const { id, ...fields } = req.body as { id: number };
    return envelopeOk({ ...record, students: record.students.map((s) => (s.id === id ? { ...s, ...fields } : s)) });
  };
}

describe('the view of a folder', () => {
  it('shows its data, the results counted and its students: name, DNI/NIE, entry, fee, receipt, result and notes', async () => {
    const api = folderHost();
    renderModule('/dgt/folder/view/8', api);
    expect(await screen.findByTestId('folder-title')).toHaveTextContent('EX-2026-0007 · Teórico B diciembre');
    expect(query(api.calls('GET dgt/folder/read')[0])).toEqual({ id: '8' });
    const head = screen.getByTestId('folder-head');
    expect(await within(head).findByText('Teórico · Permiso B · Autoescuela Linares')).toBeInTheDocument();
    expect(within(head).getByTestId('folder-status')).toHaveTextContent('Abierta');
    expect(screen.getByTestId('folder-exam-date')).toHaveTextContent('03/12/2026');
    expect(screen.getByTestId('results-pending')).toHaveTextContent('Pendientes1');
    expect(screen.getByTestId('results-pass')).toHaveTextContent('Aptos1');
    expect(screen.getByTestId('results-absent')).toHaveTextContent('No presentados0');

    const table = screen.getByRole('table', { name: 'Alumnos de la carpeta' });
    const rows = within(table).getAllByTestId('student-name').map((n) => n.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['Lucía García Pérez', '12345678Z', '37', '2.1 Examen permiso B', '9871234567', 'PendienteAptoNo aptoNo presentado', ''],
      ['Contacto n.º 14', '', 'Sin inscripción', '', '', 'PendienteAptoNo aptoNo presentado', ''],
    ]);
    expect(within(rows[0]).getByRole('link', { name: '37' })).toHaveAttribute('href', '/dgt/book/register/view/4/0?entry=31');
    expect(within(rows[0]).getByRole('combobox', { name: 'Resultado de Lucía García Pérez' })).toHaveValue('pending');
    expect(within(rows[1]).getByRole('combobox', { name: 'Resultado de Contacto n.º 14' })).toHaveValue('pass');
    expect(screen.getByRole('form', { name: 'Añadir alumno' })).toBeInTheDocument();
  });

  it('sets a student\'s result with student/update; the host\'s refusal is shown above the students', async () => {
    const record = folder();
    const api = folderHost(record, { 'POST dgt/folder/student/update': writeError('REQ-102', 'El examen es el 03/12/2026: aún no tiene resultado', { field: 'result' }) });
    renderModule('/dgt/folder/view/8', api);
    const select = await screen.findByRole('combobox', { name: 'Resultado de Lucía García Pérez' });
    fireEvent.change(select, { target: { value: 'fail' } });
    expect(await screen.findByTestId('students-errors')).toHaveTextContent('El examen es el 03/12/2026: aún no tiene resultado');
    expect(api.calls('POST dgt/folder/student/update')[0].body).toEqual({ id: 51, result: 'fail' });
    // refused: the row keeps its result
    expect(screen.getByRole('combobox', { name: 'Resultado de Lucía García Pérez' })).toHaveValue('pending');

    api.on('POST dgt/folder/student/update', (req: MockRequest) => {
      const answer = updatesRow(record)(req) as { data: ReturnType<typeof folder> };
      return envelopeOk({ ...answer.data, results: { pending: 0, pass: 1, fail: 1, absent: 0 } });
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Resultado de Lucía García Pérez' }), { target: { value: 'fail' } });
    expect(await screen.findByText('Resultado de Lucía García Pérez: No apto')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Resultado de Lucía García Pérez' })).toHaveValue('fail'));
    expect(screen.getByTestId('results-fail')).toHaveTextContent('No aptos1');
    expect(screen.queryByTestId('students-errors')).not.toBeInTheDocument();
  });

  it('"Presentar", "Volver a abrir" and "Cerrar carpeta" (asked first) change the status; a refusal is shown', async () => {
    const api = folderHost(folder(), { 'POST dgt/folder/update': saved(folder({ submitted_on: '2026-11-25' })) });
    renderModule('/dgt/folder/view/8', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Presentar' }));
    await waitFor(() => expect(screen.getByTestId('folder-status')).toHaveTextContent('Presentada'));
    expect(api.calls('POST dgt/folder/update')[0].body).toEqual({ id: 8, status: 'submitted' });
    expect(screen.getByTestId('folder-submitted')).toHaveTextContent('25/11/2026');
    // submitted: the students are fixed, results still go in
    expect(screen.queryByRole('form', { name: 'Añadir alumno' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar a Lucía García Pérez' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Resultado de Lucía García Pérez' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Volver a abrir' }));
    await waitFor(() => expect(screen.getByTestId('folder-status')).toHaveTextContent('Abierta'));
    expect(api.calls('POST dgt/folder/update')[1].body).toEqual({ id: 8, status: 'open', submitted_on: null });

    api.on('POST dgt/folder/update', writeError('REQ-102', 'Quedan 1 alumnos sin resultado', { field: 'status' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar carpeta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Cerrar la carpeta EX-2026-0007?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar carpeta' }));
    expect(await screen.findByTestId('folder-action-errors')).toHaveTextContent('Quedan 1 alumnos sin resultado');
    expect(api.calls('POST dgt/folder/update')[2].body).toEqual({ id: 8, status: 'closed' });
    expect(screen.getByTestId('folder-status')).toHaveTextContent('Abierta');
  });

  it('a closed folder is read only: results shown, no actions, no fees asked', async () => {
    const closed = folder({ status: 'closed', submitted_on: '2026-11-25', students: [folderStudent({ result: 'pass' })], results: { pending: 0, pass: 1, fail: 0, absent: 0 } });
    const api = mockApi({ 'GET dgt/folder/read': envelopeOk(closed), 'GET business/branch/list': envelopeOk(branches) });
    renderModule('/dgt/folder/view/8', api);
    expect(await screen.findByText('Esta carpeta está cerrada: ya no cambia.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Alumnos de la carpeta' });
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).getByTestId('result-badge')).toHaveTextContent('Apto');
    for (const name of ['Presentar', 'Cerrar carpeta', 'Editar carpeta', 'Volver a abrir']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Añadir alumno' })).not.toBeInTheDocument();
    expect(api.calls('GET dgt/tax/read')).toHaveLength(0);
    // its request of exam places is still there to print
    expect(screen.getByRole('link', { name: 'Solicitud de pruebas' })).toHaveAttribute('href', '/dgt/folder/solicitud_pruebas_aptitud?folder=8');
  });

  it('"Solicitud de pruebas" opens the folder\'s printable request of exam places', async () => {
    const record = folder();
    const api = folderHost(record, {
      'GET dgt/folder/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(record) : page(req.query.get('status') === 'open' ? [folderItem()] : [])),
      'GET business/read': envelopeOk(business()),
    });
    renderModule('/dgt/folder/view/8', api);
    const link = await screen.findByRole('link', { name: 'Solicitud de pruebas' });
    expect(link).toHaveAttribute('href', '/dgt/folder/solicitud_pruebas_aptitud?folder=8');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dgt/folder/solicitud_pruebas_aptitud'));
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    expect(within(sheet).getByTestId('request-reference')).toHaveTextContent('Referencia: EX-2026-0007');
    expect(within(sheet).getAllByTestId('request-student')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Carpeta' })).toHaveValue('8');
  });

  it('"Editar carpeta" sends what changed; exam and licence are fixed once it has students', async () => {
    const api = folderHost(folder(), { 'POST dgt/folder/update': saved(folder()) });
    renderModule('/dgt/folder/view/8', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar carpeta' }));
    const form = await screen.findByRole('form', { name: 'Datos de la carpeta' });
    expect(within(form).getByRole('combobox', { name: 'Examen' })).toBeDisabled();
    expect(within(form).getByRole('combobox', { name: /^Permiso/ })).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('Fecha de examen'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(form).getByLabelText('Centro de examen'), { target: { value: 'Linares' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos de la carpeta guardados')).toBeInTheDocument();
    expect(api.calls('POST dgt/folder/update')[0].body).toEqual({ id: 8, exam_centre: 'Linares', exam_date: '2026-12-10' });
    expect(screen.getByTestId('folder-exam-date')).toHaveTextContent('10/12/2026');
  });
});

describe('a folder\'s students', () => {
  function finder() {
    return envelopeOk([found(12, 'Lucía García Pérez', '12345678Z'), found(20, 'Marta Gómez Sanz', '00000023T')]);
  }

  it('"Añadir alumno": a contact from the finder (those in the folder cannot be chosen), the fee and its receipt; the host\'s refusal under the student', async () => {
    const api = folderHost(folder(), {
      'GET contact/finder': finder(),
      'POST dgt/folder/student/add': writeError('REQ-102', 'El alumno no ha aprobado el examen teórico', { field: 'contact_id' }),
    });
    renderModule('/dgt/folder/view/8', api);
    const form = await screen.findByRole('form', { name: 'Añadir alumno' });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir a la carpeta' }));
    expect(await within(form).findByTestId('error-contact_id')).toHaveTextContent('Elija un alumno entre los contactos');

    const box = within(form).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'garcia' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(form).findByRole('button', { name: 'Elegir a Lucía García Pérez' })).toBeDisabled();
    // dgt's wording, not the kit's
    expect(within(within(form).getByRole('list', { name: 'Contactos encontrados' })).getAllByRole('listitem')[0]).toHaveTextContent('Lucía García Pérez · 12345678Z · ya está en la carpeta');
    fireEvent.click(within(form).getByRole('button', { name: 'Elegir a Marta Gómez Sanz' }));
    expect(within(form).getByTestId('add-student-contact')).toHaveTextContent('Alumno: Marta Gómez Sanz');
    const taxSelect = await within(form).findByRole('combobox', { name: 'Tasa' });
    await waitFor(() => expect(within(taxSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin tasa', '2.1 Examen permiso B', '2.2 Examen permiso A']));
    fireEvent.change(taxSelect, { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('N.º justificante'), { target: { value: ' 9870001112 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir a la carpeta' }));

    expect(await within(form).findByTestId('error-contact_id')).toHaveTextContent('El alumno no ha aprobado el examen teórico');
    expect(api.calls('POST dgt/folder/student/add')[0].body).toEqual({ folder_id: 8, contact_id: 20, tax_id: 3, tax_number: '9870001112' });
    expect(query(api.calls('GET dgt/tax/read')[0])).toEqual({ per_page: '500' });

    const marta = folderStudent({ id: 53, contact_id: 20, name: 'Marta Gómez Sanz', document: '00000023T', book_student_id: 44, entry_number: 12, tax_number: '9870001112' });
    api.on('POST dgt/folder/student/add', envelopeOk(folder({ students: [...folder().students, marta] })));
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir a la carpeta' }));
    expect(await screen.findByText('Marta Gómez Sanz añadido a la carpeta')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('student-name').map((n) => n.textContent)).toEqual(['Lucía García Pérez', 'Contacto n.º 14', 'Marta Gómez Sanz']));
    expect(screen.getByTestId('folder-students-count')).toHaveTextContent('3 alumnos');
    expect(within(form).queryByTestId('add-student-contact')).not.toBeInTheDocument();
  });

  it('"Quitar" asks first and sends student/delete', async () => {
    const api = folderHost(folder(), { 'POST dgt/folder/student/delete': envelopeOk(folder({ students: [folderStudent()] })) });
    renderModule('/dgt/folder/view/8', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar a Contacto n.º 14' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quitar a Contacto n.º 14 de la carpeta?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(api.calls('POST dgt/folder/student/delete').map((r) => r.body)).toEqual([{ id: 52 }]));
    await waitFor(() => expect(screen.getAllByTestId('student-name').map((n) => n.textContent)).toEqual(['Lucía García Pérez']));
  });

  it('"Editar" changes a student\'s fee, receipt and notes; no fee is sent as clear_tax', async () => {
    const record = folder();
    const api = folderHost(record, { 'POST dgt/folder/student/update': updatesRow(record) });
    renderModule('/dgt/folder/view/8', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Lucía García Pérez' }));
    const form = await screen.findByRole('form', { name: 'Tasa y notas de Lucía García Pérez' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Tasa' })).toHaveValue('3'));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tasa' }), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Notas'), { target: { value: 'Pagará la tasa el lunes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos de Lucía García Pérez guardados')).toBeInTheDocument();
    expect(api.calls('POST dgt/folder/student/update')[0].body).toEqual({ id: 51, clear_tax: true, notes: 'Pagará la tasa el lunes' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Tasa y notas de Lucía García Pérez' })).not.toBeInTheDocument());
  });
});
