import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { capCourse, places, teachers } from '../test/fixtures';

const cells = (row: HTMLElement, n: number) => [...row.querySelectorAll('td')].slice(0, n).map((td) => td.textContent);

/** A training course's view: the catalogues are called under its prefix (`course/`). */
function cataloguesHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET course/read': envelopeOk(capCourse()),
    'GET course/sesion/lugares/read': envelopeOk(places),
    'GET course/sesion/docentes/read': envelopeOk(teachers),
    ...routes,
  });
}

describe('"Lugares y docentes"', () => {
  it('lists the places and creates one with <prefix>sesion/lugares/create, errors under their fields', async () => {
    const api = cataloguesHost({ 'POST course/sesion/lugares/create': writeError('REQ-102', 'La capacidad debe estar entre 1 y 1000', { field: 'capacity' }) });
    renderModule('/course/view/11?tab=catalogues', api);
    const table = await screen.findByRole('table', { name: 'Lugares' });
    const rows = (await within(table).findAllByTestId('place-name')).map((n) => n.closest('tr')!);
    expect(rows.map((r) => cells(r, 5))).toEqual([
      ['Aula 1', 'Calle Mayor 1', 'Madrid', 'Madrid', '24'],
      ['Aula 2', '', 'Alcalá de Henares', 'Madrid', ''],
    ]);
    const form = screen.getByRole('form', { name: 'Nuevo lugar' });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir lugar' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Aula 3 ' } });
    fireEvent.change(within(form).getByLabelText('Localidad'), { target: { value: 'Getafe' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Provincia' }), { target: { value: '28' } });
    fireEvent.change(within(form).getByLabelText('Capacidad'), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir lugar' }));
    expect(await within(form).findByTestId('error-capacity')).toHaveTextContent('La capacidad debe estar entre 1 y 1000');
    expect(api.calls('POST course/sesion/lugares/create')[0].body).toEqual({ name: 'Aula 3', address: '', city: 'Getafe', province_id: 28, capacity: 2000 });

    const aula3 = { id: 5, name: 'Aula 3', address: '', city: 'Getafe', province_id: 28, capacity: 20 };
    api.on('POST course/sesion/lugares/create', envelopeOk(aula3));
    api.on('GET course/sesion/lugares/read', envelopeOk([...places, aula3]));
    fireEvent.change(within(form).getByLabelText('Capacidad'), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir lugar' }));
    expect(await screen.findByText('Lugar Aula 3 añadido')).toBeInTheDocument();
    expect(api.calls('POST course/sesion/lugares/create')[1].body).toEqual({ name: 'Aula 3', address: '', city: 'Getafe', province_id: 28, capacity: 20 });
    await waitFor(() => expect(within(table).getAllByTestId('place-name').map((n) => n.textContent)).toEqual(['Aula 1', 'Aula 2', 'Aula 3']));
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it('deletes a place after asking; the host\'s refusal is shown', async () => {
    const refusal = 'El lugar tiene sesiones pendientes';
    const api = cataloguesHost({ 'POST course/sesion/lugares/delete': writeError('CONFLICT-000', refusal) });
    renderModule('/course/view/11?tab=catalogues', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el lugar Aula 1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    api.on('POST course/sesion/lugares/delete', envelopeOk({ id: 2, deleted: true }));
    api.on('GET course/sesion/lugares/read', envelopeOk(places.slice(1)));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el lugar Aula 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el lugar Aula 1?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lugar Aula 1 eliminado')).toBeInTheDocument();
    expect(api.calls('POST course/sesion/lugares/delete').map((r) => r.body)).toEqual([{ id: 2 }, { id: 2 }]);
    await waitFor(() => expect(screen.getAllByTestId('place-name').map((n) => n.textContent)).toEqual(['Aula 2']));
  });

  it('lists the teachers with their role in Spanish, creates one and deletes one after asking', async () => {
    const api = cataloguesHost({
      'POST course/sesion/docentes/create': writeError('REQ-102', 'Dni erroneo, la letra no corresponde', { field: 'fiscal_code' }),
      'POST course/sesion/docentes/delete': envelopeOk({ id: 4, deleted: true }),
    });
    renderModule('/course/view/11?tab=catalogues', api);
    const table = await screen.findByRole('table', { name: 'Docentes' });
    const rows = (await within(table).findAllByTestId('teacher-name')).map((n) => n.closest('tr')!);
    expect(rows.map((r) => cells(r, 4))).toEqual([
      ['Luis Gil', '12345678Z', 'Formador', 'Formador vial'],
      ['Marta Sanz', '', 'Psicólogo', 'Psicóloga colegiada'],
    ]);
    const form = screen.getByRole('form', { name: 'Nuevo docente' });
    const role = within(form).getByRole('combobox', { name: 'Función' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Formador', 'Psicólogo', 'Profesor de formación vial']);
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'Pedro' } });
    fireEvent.change(within(form).getByLabelText('Apellidos'), { target: { value: 'Ramos' } });
    fireEvent.change(within(form).getByLabelText('DNI/NIE'), { target: { value: '12345678a' } });
    fireEvent.change(role, { target: { value: 'instructor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir docente' }));
    expect(await within(form).findByTestId('error-fiscal_code')).toHaveTextContent('Dni erroneo, la letra no corresponde');
    expect(api.calls('POST course/sesion/docentes/create')[0].body).toEqual({ first_name: 'Pedro', last_name: 'Ramos', fiscal_code: '12345678A', role: 'instructor', qualification: '' });

    const pedro = { id: 6, first_name: 'Pedro', last_name: 'Ramos', fiscal_code: '', role: 'instructor', qualification: '', user_id: null, name: 'Pedro Ramos' };
    api.on('POST course/sesion/docentes/create', envelopeOk(pedro));
    api.on('GET course/sesion/docentes/read', envelopeOk([...teachers, pedro]));
    fireEvent.change(within(form).getByLabelText('DNI/NIE'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir docente' }));
    expect(await screen.findByText('Docente Pedro Ramos añadido')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId('teacher-name').map((n) => n.textContent)).toEqual(['Luis Gil', 'Marta Sanz', 'Pedro Ramos']));
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Profesor de formación vial');

    // answering no sends nothing
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar al docente Marta Sanz' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST course/sesion/docentes/delete')).toHaveLength(0);

    api.on('GET course/sesion/docentes/read', envelopeOk([teachers[0], pedro]));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar al docente Marta Sanz' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar al docente Marta Sanz?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST course/sesion/docentes/delete').map((r) => r.body)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('Docente Marta Sanz eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId('teacher-name').map((n) => n.textContent)).toEqual(['Luis Gil', 'Pedro Ramos']));
  });
});
