import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { branches, capCourse, groups, places, recovery, teachers } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
/** A write answers the whole course: the record with what was sent. */
const saved = (record: object) => (req: MockRequest) => envelopeOk({ ...record, ...(req.body as object) });

function viewHost(routes: Record<string, object> = {}, record: object = recovery()) {
  return mockApi({
    'GET recuperacionpuntos/read': envelopeOk(record),
    'GET recuperacionpuntos/group/read': envelopeOk(groups),
    'GET business/branch/list': envelopeOk(branches),
    ...routes,
  });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel');
}

describe('the view of a course', () => {
  it('shows the head and the four tabs, each loading what it shows', async () => {
    const api = viewHost({ 'GET recuperacionpuntos/sesion/lugares/read': envelopeOk(places), 'GET recuperacionpuntos/sesion/docentes/read': envelopeOk(teachers) });
    renderModule('/recuperacionpuntos/view/4', api);
    expect(await screen.findByTestId('course-title')).toHaveTextContent('Recuperación parcial noviembre');
    expect(query(api.calls('GET recuperacionpuntos/read')[0])).toEqual({ id: '4' });
    const head = screen.getByTestId('course-head');
    expect(head).toHaveTextContent('RP-2026-0001 · Recuperación parcial (12 h) · Noviembre');
    expect(within(head).getByTestId('state-badge')).toHaveTextContent('Activo');
    expect(screen.getByTestId('course-dates')).toHaveTextContent('27/11/2026 – 29/11/2026');
    expect(screen.getByTestId('course-students')).toHaveTextContent('2 de 20');
    expect(screen.getByTestId('course-hours')).toHaveTextContent('4 de 12 h');
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute('href', '/recuperacionpuntos/list');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Alumnos', 'Sesiones', 'Lugares y docentes']);

    const form = screen.getByRole('form', { name: 'Datos del curso' });
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Recuperación parcial noviembre');
    expect(within(form).getByLabelText(/^Horas/)).toHaveValue('12');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Grupo' })).toHaveValue('1'));
    expect(await within(form).findByRole('combobox', { name: 'Sucursal' })).toHaveValue('1');

    let panel = await openTab('Alumnos');
    expect(within(panel).getAllByTestId('student-name').map((n) => n.textContent)).toEqual(['Ana López Ruiz', 'Luis Pérez']);
    expect(screen.getByTestId('location')).toHaveTextContent('/recuperacionpuntos/view/4');

    panel = await openTab('Sesiones');
    expect(within(panel).getByTestId('session-date')).toHaveTextContent('27/11/2026');
    expect(within(panel).getByTestId('sessions-hours')).toHaveTextContent('Horas programadas: 4 de 12 h. Faltan 8 h por programar.');
    expect(await within(panel).findByRole('form', { name: 'Nueva sesión' })).toBeInTheDocument();

    panel = await openTab('Lugares y docentes');
    expect(await within(panel).findByRole('table', { name: 'Lugares' })).toBeInTheDocument();
    expect(await within(panel).findByRole('table', { name: 'Docentes' })).toBeInTheDocument();
    // no call went to another kind's prefix
    expect(api.requests.every((r) => r.path.startsWith('recuperacionpuntos/') || r.path === 'business/branch/list')).toBe(true);
  });

  it('opens a training course under its own prefix and route parameter, on the tab of the address', async () => {
    const api = mockApi({ 'GET course/read': envelopeOk(capCourse()) });
    renderModule('/course/view/11?tab=students', api);
    expect(await screen.findByTestId('course-title')).toHaveTextContent('CAP continua diciembre');
    expect(query(api.calls('GET course/read')[0])).toEqual({ id: '11' });
    expect(screen.getByRole('tab', { name: 'Alumnos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No hay alumnos inscritos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute('href', '/course/list');
  });

  it('"Datos" sends what changed with <prefix>update; a field error of the envelope goes under its field', async () => {
    const api = viewHost({ 'POST recuperacionpuntos/update': writeError('REQ-102', 'Las horas deben ser más de 0 y como mucho 1000', { field: 'hours' }) });
    renderModule('/recuperacionpuntos/view/4', api);
    const form = await screen.findByRole('form', { name: 'Datos del curso' });
    await within(form).findByRole('combobox', { name: 'Sucursal' });
    fireEvent.change(within(form).getByLabelText(/^Horas/), { target: { value: '1200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-hours')).toHaveTextContent('Las horas deben ser más de 0 y como mucho 1000');
    expect(within(form).getByLabelText(/^Horas/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('course-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST recuperacionpuntos/update')[0].body).toEqual({ id: 4, hours: 1200 });

    api.on('POST recuperacionpuntos/update', saved(recovery()));
    fireEvent.change(within(form).getByLabelText(/^Horas/), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Centro de formación'), { target: { value: ' CRC Centro ' } });
    fireEvent.change(within(form).getByLabelText('Código de la administración'), { target: { value: 'EXP-28/2026' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Grupo' }), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Fecha de fin'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Control biométrico de asistencia' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos guardados')).toBeInTheDocument();
    expect(api.calls('POST recuperacionpuntos/update')[1].body).toEqual({
      id: 4, administration_code: 'EXP-28/2026', training_centre: 'CRC Centro', end_date: null, group_id: null, biometric_control: true,
    });
    // the answer is shown
    await waitFor(() => expect(screen.getByTestId('course-dates')).toHaveTextContent(/^27\/11\/2026$/));
    expect(within(screen.getByRole('form', { name: 'Datos del curso' })).getByLabelText('Centro de formación')).toHaveValue('CRC Centro');
  });

  it('"Eliminar curso" asks first, sends <prefix>delete and leaves the course read only', async () => {
    const api = viewHost({ 'POST recuperacionpuntos/delete': saved(recovery({ state: 'deleted' })) });
    renderModule('/recuperacionpuntos/view/4', api);
    const form = await screen.findByRole('form', { name: 'Datos del curso' });
    fireEvent.click(within(form).getByRole('button', { name: 'Eliminar curso' }));
    // answering no sends nothing
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST recuperacionpuntos/delete')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Eliminar curso' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el curso Recuperación parcial noviembre?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar curso' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/delete').map((r) => r.body)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('Curso eliminado')).toBeInTheDocument();
    expect(await screen.findByText(/Este curso está eliminado/)).toBeInTheDocument();
    expect(within(screen.getByTestId('course-head')).getByTestId('state-badge')).toHaveTextContent('Eliminado');
    const after = screen.getByRole('form', { name: 'Datos del curso' });
    expect(within(after).queryByRole('button')).not.toBeInTheDocument();
    expect(within(after).getByLabelText(/^Nombre/)).toBeDisabled();

    fireEvent.click(screen.getByRole('tab', { name: 'Alumnos' }));
    expect(await screen.findByRole('table', { name: 'Alumnos inscritos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('student-finder')).not.toBeInTheDocument();
  });

  it('"Desactivar curso" sends <prefix>state and the head shows the new state; "Activar curso" turns it back', async () => {
    const api = viewHost({ 'POST recuperacionpuntos/state': saved(recovery()) });
    renderModule('/recuperacionpuntos/view/4', api);
    const form = await screen.findByRole('form', { name: 'Datos del curso' });
    fireEvent.click(within(form).getByRole('button', { name: 'Desactivar curso' }));
    await waitFor(() => expect(within(screen.getByTestId('course-head')).getByTestId('state-badge')).toHaveTextContent('Inactivo'));
    expect(api.calls('POST recuperacionpuntos/state')[0].body).toEqual({ id: 4, state: 'inactive' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Activar curso' }));
    await waitFor(() => expect(within(screen.getByTestId('course-head')).getByTestId('state-badge')).toHaveTextContent('Activo'));
    expect(api.calls('POST recuperacionpuntos/state')[1].body).toEqual({ id: 4, state: 'active' });
  });

  it('says so when the course cannot be read, with a retry', async () => {
    const api = viewHost({ 'GET recuperacionpuntos/read': readError('NOT-FOUND-000', 'Curso no encontrado') });
    renderModule('/recuperacionpuntos/view/99', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Curso no encontrado');
    api.on('GET recuperacionpuntos/read', envelopeOk(recovery()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('course-title')).toHaveTextContent('Recuperación parcial noviembre');
  });
});
