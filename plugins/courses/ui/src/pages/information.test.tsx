import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { testDirector } from '@volante/plugin-ui/testing/module';
import type { SessionUser } from '@volante/plugin-ui';
import { renderModule } from '../test/render';
import { ana, branches, capCourse, groups, luis, places, recovery, teachers } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const SEND = 'GET course/send/information';

/** A training course with Ana (with an e-mail) and Luis (without one). */
const training = (extra: object = {}) => capCourse({ enrolled: 2, students: [ana, luis], ...extra });

function informationHost(routes: Record<string, object> = {}, record: object = training()) {
  return mockApi({ 'GET course/read': envelopeOk(record), ...routes });
}

/** A user who is not `super`, with these permissions only. */
const clerkWith = (permissions: string[]): SessionUser => ({ ...testDirector(['course']), user_id: 9, role: 'Administración', permissions });

describe('"Enviar información" (training courses)', () => {
  it('asks first, mails every student with course/send/information?id=, says how many and lists who has no e-mail until closed', async () => {
    const answer = {
      sent: 2,
      recipients: [
        { contact_id: 7, name: 'Ana López Ruiz', email: 'ana@example.es' },
        { contact_id: 12, name: 'Eva Sanz', email: 'eva@example.es' },
      ],
      without_email: [
        { contact_id: 8, name: 'Luis Conductora' },
        { contact_id: 30, name: '' },
      ],
    };
    const api = informationHost({
      [SEND]: envelopeOk(answer),
      'GET course/sesion/lugares/read': envelopeOk(places),
      'GET course/sesion/docentes/read': envelopeOk(teachers),
    });
    renderModule('/course/view/11?tab=students', api);
    const button = await screen.findByRole('button', { name: 'Enviar información a los alumnos' });
    expect(button).toBeEnabled();

    // answering no sends nothing
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls(SEND)).toHaveLength(0);

    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Se enviará un correo con las fechas, el lugar y las sesiones del curso a cada alumno con correo electrónico.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Información enviada a 2 alumnos')).toBeInTheDocument();
    expect(api.calls(SEND).map(query)).toEqual([{ id: '11' }]);

    const notice = screen.getByTestId('information-without-email');
    expect(notice).toHaveTextContent('Sin correo electrónico: Luis Conductora, Contacto n.º 30');
    // it stays on the page across the tabs
    fireEvent.click(screen.getByRole('tab', { name: 'Sesiones' }));
    expect(await screen.findByRole('tab', { name: 'Sesiones' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('information-without-email')).toHaveTextContent('Luis Conductora');
    fireEvent.click(within(screen.getByTestId('information-without-email')).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByTestId('information-without-email')).not.toBeInTheDocument();
  });

  it('"a 1 alumno" in the singular, and no notice when every student has an e-mail', async () => {
    const api = informationHost({
      [SEND]: envelopeOk({ sent: 1, recipients: [{ contact_id: 7, name: 'Ana López Ruiz', email: 'ana@example.es' }], without_email: [] }),
      'GET course/group/read': envelopeOk(groups),
      'GET business/branch/list': envelopeOk(branches),
    });
    // the head's button, on the first tab ("Datos")
    renderModule('/course/view/11', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar información a los alumnos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Información enviada a 1 alumno')).toBeInTheDocument();
    expect(screen.queryByTestId('information-without-email')).not.toBeInTheDocument();
  });

  it("a student's own action sends the course's information to that student only (contact_id), without asking", async () => {
    const api = informationHost({ [SEND]: readError('REQ-102', 'El contacto no es alumno de este curso', { field: 'contact_id' }) });
    renderModule('/course/view/11?tab=students', api);
    const table = await screen.findByRole('table', { name: 'Alumnos inscritos' });
    // Luis has no e-mail: nothing to send him
    expect(within(table).queryByRole('button', { name: 'Enviar la información a Luis Pérez' })).not.toBeInTheDocument();
    const toAna = within(table).getByRole('button', { name: 'Enviar la información a Ana López Ruiz' });
    expect(toAna).toHaveTextContent('Enviar información');

    // the host's refusal is shown
    fireEvent.click(toAna);
    expect(await screen.findByText('El contacto no es alumno de este curso')).toBeInTheDocument();

    api.on(SEND, envelopeOk({ sent: 1, recipients: [{ contact_id: 7, name: 'Ana López Ruiz', email: 'ana@example.es' }], without_email: [] }));
    await waitFor(() => expect(toAna).toBeEnabled());
    fireEvent.click(toAna);
    expect(await screen.findByText('Información enviada a 1 alumno')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls(SEND).map(query)).toEqual([
      { id: '11', contact_id: '7' },
      { id: '11', contact_id: '7' },
    ]);
  });

  it("shows the host's CONFLICT refusal", async () => {
    const api = informationHost({ [SEND]: readError('CONFLICT-000', 'El curso no tiene alumnos a quienes enviar la información') });
    renderModule('/course/view/11?tab=students', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar información a los alumnos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El curso no tiene alumnos a quienes enviar la información')).toBeInTheDocument();
    expect(api.calls(SEND).map(query)).toEqual([{ id: '11' }]);
    expect(screen.queryByText(/Información enviada/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('information-without-email')).not.toBeInTheDocument();
  });

  it('is disabled, saying why, for a course without students or a deleted one', async () => {
    const empty = renderModule('/course/view/11?tab=students', informationHost({}, capCourse()));
    const button = await screen.findByRole('button', { name: 'Enviar información a los alumnos' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('El curso no tiene alumnos a quienes enviarla');
    empty.unmount();

    renderModule('/course/view/11?tab=students', informationHost({}, training({ state: 'deleted' })));
    const deleted = await screen.findByRole('button', { name: 'Enviar información a los alumnos' });
    expect(deleted).toBeDisabled();
    expect(deleted).toHaveAccessibleDescription('El curso está eliminado');
    // nor per student (the course is read only)
    expect(screen.queryByRole('button', { name: /^Enviar la información a/ })).not.toBeInTheDocument();
  });

  it('is only for training courses, and for a user with the permission `course`', async () => {
    const permitA = recovery({ id: 5, kind: 'permit_a', category: 'permit_a', reference: 'PA-2026-0001', name: 'Permiso A noviembre' });
    const a = renderModule('/permisoa/view/5?tab=students', mockApi({ 'GET cursopermiso/a/read': envelopeOk(permitA) }));
    await screen.findByRole('table', { name: 'Alumnos inscritos' });
    expect(screen.getByRole('button', { name: 'Quitar a Ana López Ruiz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar (la )?información/ })).not.toBeInTheDocument();
    a.unmount();

    const points = renderModule('/recuperacionpuntos/view/4?tab=students', mockApi({ 'GET recuperacionpuntos/read': envelopeOk(recovery()) }));
    await screen.findByRole('table', { name: 'Alumnos inscritos' });
    expect(screen.queryByRole('button', { name: /Enviar (la )?información/ })).not.toBeInTheDocument();
    points.unmount();

    const without = renderModule('/course/view/11?tab=students', informationHost(), clerkWith(['recuperacionpuntos']));
    await screen.findByRole('table', { name: 'Alumnos inscritos' });
    expect(screen.queryByRole('button', { name: /Enviar (la )?información/ })).not.toBeInTheDocument();
    without.unmount();

    renderModule('/course/view/11?tab=students', informationHost(), clerkWith(['course']));
    expect(await screen.findByRole('button', { name: 'Enviar información a los alumnos' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enviar la información a Ana López Ruiz' })).toBeInTheDocument();
  });
});
