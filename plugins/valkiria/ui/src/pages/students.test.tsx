import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, page, query, student } from '../test/fixtures';

/** Ana (B in force, AM expired) and Luis (no enrolment, no attempts). */
function studentsHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET valkiria/listuserautoescuela': page([
      student(),
      student({ id: 22, dni: 'X1234567L', first_name: 'Luis', last_name: 'Martín', enrolments: [], attempts: 0, passed: 0, last_attempt_at: null, state: 'inactive' }),
    ]),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof studentsHost>;
const asked = (api: Host) => api.calls('GET valkiria/listuserautoescuela').map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('the students', () => {
  it('lists them with their enrolments, attempts and last attempt', async () => {
    const api = studentsHost();
    renderModule('/valkiria/alumnos', api);
    const links = await screen.findAllByTestId('student-name');
    expect(links.map((a) => cells(a.closest('tr')!))).toEqual([
      ['Ana López García', '12345678Z', 'B · 30/06/2026AM · 15/01/2026', '6 (5 aprobados)', '18/05/2026 - 12:30:00'],
      ['Luis MartínInactivo', 'X1234567L', '—', '0 (0 aprobados)', '—'],
    ]);
    expect(links[0]).toHaveAttribute('href', '/valkiria/alumno/21');
    const badges = within(links[0].closest('tr')!).getAllByTestId('student-enrolment');
    expect(badges[1]).toHaveClass('vk-badge--danger');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
    expect(screen.getByTestId('nav-students')).toHaveAttribute('aria-current', 'page');
  });

  it('filters by licence and status, keeping the search', async () => {
    const api = studentsHost();
    renderModule('/valkiria/alumnos', api);
    await screen.findAllByTestId('student-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' lópez ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'lópez', page: '1', per_page: '25' }));
    fireEvent.change(within(screen.getByTestId('students-licence')).getByRole('combobox'), { target: { value: 'B' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'lópez', licence: 'B', page: '1', per_page: '25' }));
    const status = within(screen.getByTestId('students-status')).getByRole('combobox');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'Con matrícula en vigor', 'Con matrícula caducada']);
    fireEvent.change(status, { target: { value: 'expired' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'lópez', licence: 'B', status: 'expired', page: '1', per_page: '25' }));
  });

  it('says why the list cannot be read', async () => {
    renderModule('/valkiria/alumnos', studentsHost({ 'GET valkiria/listuserautoescuela': readError('PERMISSION-000', 'No tiene permiso') }));
    expect(await screen.findByText('No tiene permiso')).toBeInTheDocument();
  });
});

describe('enrolling a new student', () => {
  it("checks the form, shows the host's errors under their field, then the PIN once", async () => {
    const api = studentsHost({
      'POST valkiria/assigncourse': writeError('REQ-102', 'El DNI/NIE no es válido', { field: 'dni' }),
    });
    renderModule('/valkiria/alumnos', api);
    await screen.findAllByTestId('student-name');
    const form = screen.getByTestId('enrol-form');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Matricular' }));
    submit();
    expect(await within(form).findByTestId('error-dni')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-first_name')).toHaveTextContent('Este campo es obligatorio');

    fireEvent.change(within(form).getByRole('textbox', { name: /^DNI\/NIE/ }), { target: { value: ' 12345678x ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Marta ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Apellidos' }), { target: { value: 'Gil Sanz' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'marta@' } });
    submit();
    expect(await within(form).findByTestId('error-email')).toHaveTextContent('Introduzca un correo electrónico válido');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'marta@example.com' } });
    submit();
    expect(await within(form).findByTestId('error-dni')).toHaveTextContent('El DNI/NIE no es válido');
    expect(within(form).getByTestId('enrol-form-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST valkiria/assigncourse').map(body)).toEqual([
      { dni: '12345678X', first_name: 'Marta', last_name: 'Gil Sanz', email: 'marta@example.com', phone: '', licence: 'B' },
    ]);

    api.on('POST valkiria/assigncourse', (req: MockRequest) => envelopeOk(student({ ...body(req), id: 23, pin: '482913', enrolments: [] })));
    fireEvent.change(within(form).getByRole('textbox', { name: /^DNI\/NIE/ }), { target: { value: '12345678Z' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha límite/), { target: { value: '2026-12-31' } });
    submit();
    const notice = await screen.findByTestId('pin-notice');
    expect(within(notice).getByTestId('pin-value')).toHaveTextContent('482913');
    expect(notice).toHaveTextContent('Apunte el PIN: no se volverá a mostrar');
    expect(notice).toHaveTextContent('PIN de Marta Gil Sanz (DNI/NIE 12345678Z)');
    expect(screen.getByText('Marta Gil Sanz matriculado en el permiso B')).toBeInTheDocument();
    expect(api.calls('POST valkiria/assigncourse').map(body).at(-1)).toEqual({
      dni: '12345678Z', first_name: 'Marta', last_name: 'Gil Sanz', email: 'marta@example.com', phone: '', licence: 'B', expires_on: '2026-12-31',
    });
    expect(screen.getByTestId('enrol-open-student')).toHaveAttribute('href', '/valkiria/alumno/23');
    // the form is empty again and the list is read again
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^DNI\/NIE/ })).toHaveValue(''));
    await waitFor(() => expect(asked(api)).toHaveLength(2));

    fireEvent.click(within(notice).getByTestId('pin-dismiss'));
    expect(screen.queryByTestId('pin-notice')).not.toBeInTheDocument();
    expect(screen.queryByText('482913')).not.toBeInTheDocument();
  });

  it('enrols the permit-A family through permisoa/assigncourse; a taken licence is refused under it', async () => {
    const api = studentsHost({
      'POST valkiria/permisoa/assigncourse': writeError('CONFLICT-000', 'El alumno ya está matriculado en el permiso A2', { field: 'licence' }),
    });
    renderModule('/valkiria/alumnos', api);
    await screen.findAllByTestId('student-name');
    const form = screen.getByTestId('enrol-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^DNI\/NIE/ }), { target: { value: '12345678Z' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Ana' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Permiso' }), { target: { value: 'A2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Matricular' }));
    expect(await within(form).findByTestId('error-licence')).toHaveTextContent('El alumno ya está matriculado en el permiso A2');
    expect(api.calls('POST valkiria/permisoa/assigncourse').map(body)).toEqual([{ dni: '12345678Z', first_name: 'Ana', last_name: '', email: '', phone: '', licence: 'A2' }]);
    expect(api.calls('POST valkiria/assigncourse')).toHaveLength(0);
    expect(screen.queryByTestId('pin-notice')).not.toBeInTheDocument();
  });
});
