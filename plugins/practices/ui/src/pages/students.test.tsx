import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { found, page, query, staffRoutes, studentDetail, studentItem } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);

function studentsHost(routes: Record<string, object> = {}, staff: Parameters<typeof staffRoutes>[0] = {}) {
  const { 'GET hermes/vehicles': _fleet, ...teachers } = staffRoutes(staff);
  return mockApi({
    'GET hermes/student/read': page([
      studentItem(),
      studentItem({ id: 22, contact_id: 13, name: 'Pablo Ruiz Gil', licence: 'A2', teacher_user_id: null, teacher_name: null, remaining: 0 }),
    ]),
    ...teachers,
    ...routes,
  });
}

describe('the students of practical lessons', () => {
  it('lists name, licence, teacher and the lessons left; the teacher filter offers the teachers with an account', async () => {
    const api = studentsHost();
    renderModule('/practices/students', api);
    const table = await screen.findByRole('table', { name: 'Alumnos de prácticas' });
    const rows = (await within(table).findAllByTestId('student-name')).map((c) => c.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['Lucía García Pérez', 'B', 'Ana García', '8'],
      ['Pablo Ruiz Gil', 'A2', '—', '0'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Permiso', 'Profesor', 'Prácticas restantes']);
    expect(within(rows[0]).getByRole('link', { name: 'Lucía García Pérez' })).toHaveAttribute('href', '/practices/student/21');
    const teacher = await screen.findByRole('combobox', { name: 'Profesor' });
    // the employee without a user account cannot teach a lesson
    expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los profesores', 'Ana García', 'Luis Pérez']);
  });

  it('filters by licence and teacher, and searches', async () => {
    const api = studentsHost();
    renderModule('/practices/students', api);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Permiso' }), { target: { value: 'B' } });
    await waitFor(() => expect(query(api.calls('GET hermes/student/read').at(-1)!)).toEqual({ page: '1', per_page: '25', licence: 'B' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Profesor' }), { target: { value: '8' } });
    await waitFor(() => expect(query(api.calls('GET hermes/student/read').at(-1)!)).toEqual({ page: '1', per_page: '25', licence: 'B', teacher_user_id: '8' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'lucia' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(query(api.calls('GET hermes/student/read').at(-1)!)).toEqual({ search: 'lucia', page: '1', per_page: '25', licence: 'B', teacher_user_id: '8' }),
    );
  });

  it("without the employees service the teachers are the host's staff (hermes/teachers answers them)", async () => {
    const api = studentsHost({}, { employees: false });
    renderModule('/practices/students', api);
    const teacher = await screen.findByRole('combobox', { name: 'Profesor' });
    expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los profesores', 'Dolores Directora Demo', 'Ana García']);
    expect(api.calls('GET hermes/teachers')).toHaveLength(1);
  });

  it('"Nuevo alumno": a contact from the finder, the licence and the teacher; then the student opens', async () => {
    const api = studentsHost({
      'GET contact/finder': envelopeOk([found(12, 'Lucía García Pérez', '12345678Z'), found(20, 'Marta Gómez Sanz')]),
      'POST hermes/student/create': envelopeOk(studentDetail({ id: 23, contact_id: 20, name: 'Marta Gómez Sanz', teacher_user_id: 8, teacher_name: 'Luis Pérez', bags: [], lessons: [], unpaid: 0, remaining: 0 })),
      'GET hermes/student/read': (req: { query: URLSearchParams }) =>
        req.query.get('id') ? envelopeOk(studentDetail({ id: 23, name: 'Marta Gómez Sanz', bags: [], lessons: [], unpaid: 0 })) : page([studentItem()]),
      'GET hermes/practice/type/read': page([]),
      'GET hermes/vehicles': envelopeOk([]),
    });
    renderModule('/practices/students', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo alumno' }));
    const form = await screen.findByRole('form', { name: 'Nuevo alumno de prácticas' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));
    submit();
    expect(await within(form).findByTestId('error-contact_id')).toHaveTextContent('Elija al alumno entre los contactos');

    const box = within(form).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'gomez' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Elegir a Marta Gómez Sanz' }));
    expect(within(form).getByTestId('student-contact')).toHaveTextContent('Alumno: Marta Gómez Sanz');
    expect(query(api.calls('GET contact/finder')[0])).toEqual({ search: 'gomez', type: 'P' });
    submit();
    expect(await within(form).findByTestId('error-licence')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST hermes/student/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'B' } });
    const teacher = within(form).getByRole('combobox', { name: 'Profesor' });
    await waitFor(() => expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor', 'Ana García', 'Luis Pérez']));
    fireEvent.change(teacher, { target: { value: '8' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/practices/student/23'));
    expect(api.calls('POST hermes/student/create')[0].body).toEqual({ contact_id: 20, licence: 'B', teacher_user_id: 8 });
    expect(await screen.findByText('Marta Gómez Sanz dado de alta en prácticas del permiso B')).toBeInTheDocument();
  });

  it("a contact already a student for that licence: the host's refusal above the form, nothing opens", async () => {
    const api = studentsHost({
      'GET contact/finder': envelopeOk([found(12, 'Lucía García Pérez')]),
      'POST hermes/student/create': writeError('CONFLICT-000', 'Lucía García Pérez ya es alumno de prácticas del permiso B'),
    });
    renderModule('/practices/students', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo alumno' }));
    const form = await screen.findByRole('form', { name: 'Nuevo alumno de prácticas' });
    const box = within(form).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'lucia' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Elegir a Lucía García Pérez' }));
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));
    expect(await within(form).findByTestId('student-errors')).toHaveTextContent('Lucía García Pérez ya es alumno de prácticas del permiso B');
    expect(api.calls('POST hermes/student/create')[0].body).toEqual({ contact_id: 12, licence: 'B' });
    expect(screen.getByTestId('location')).toHaveTextContent('/practices/students');
  });

  it("the finder's failure is shown in it", async () => {
    const api = studentsHost({ 'GET contact/finder': readError('PERMISSION-000', 'No tiene permiso para ver los contactos') });
    renderModule('/practices/students', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo alumno' }));
    const form = await screen.findByRole('form', { name: 'Nuevo alumno de prácticas' });
    const box = within(form).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'lucia' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('No tiene permiso para ver los contactos');
  });
});
