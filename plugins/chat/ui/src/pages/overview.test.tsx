import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, mockRealtime, mockXhrUploads, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { director, renderLive, renderModule } from '../test/render';
import { ANA, LUCIA, LUIS, MARTA, body, contacts, direct, group, groupConversation, invitedGroup, message, mineTo, overview, pushed, query } from '../test/fixtures';

let restore: (() => void) | null = null;
beforeEach(() => {
  // Today is 26/11/2026 (Madrid): today's messages show their time, older ones their day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T18:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  restore?.();
  restore = null;
});

function overviewHost(routes: Record<string, unknown> = {}) {
  return mockApi({ 'GET chat/all': envelopeOk(overview()), ...(routes as Record<string, object>) });
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const rows = (testId: string) => screen.getAllByTestId(testId);
const rowText = (row: HTMLElement) => [
  within(row).getByRole('link').textContent,
  within(row).getByTestId('last-message').textContent,
  within(row).queryByTestId('last-time')?.textContent ?? null,
  within(row).queryByTestId('unread')?.getAttribute('title') ?? null,
];

describe('the overview', () => {
  it('shows three tabs; employees with their last message trimmed, its time and the unread badge, each opening its conversation', async () => {
    renderLive('/apps/chat/all', overviewHost());
    const list = await screen.findByRole('tablist', { name: 'Conversaciones' });
    expect(within(list).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Empleados (2)', 'Contactos', 'Grupos (2)']);
    expect(tab(/^Empleados/)).toHaveAttribute('aria-selected', 'true');
    const [ana, luis, marta] = rows('employee-row');
    expect(rowText(ana)).toEqual(['Ana Pérez', '¿Mañana a las 9?', '10:30', '2 mensajes sin leer']);
    expect(within(ana).getByTestId('unread')).toHaveTextContent(/^2/);
    expect(rowText(luis)).toEqual(['Luis Gómez', 'Tú: Te llamo luego', '20/11/2026', null]);
    expect(within(marta).getByRole('link')).toHaveTextContent('Marta Ruiz');
    expect(within(marta).getByText('Sin mensajes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Pérez' })).toHaveAttribute('href', `/apps/chat/direct/employee/${ANA}`);
    expect(screen.getByRole('link', { name: 'Marta Ruiz' })).toHaveAttribute('href', `/apps/chat/direct/employee/${MARTA}`);
  });

  it('the contacts and groups tabs: their rows, links and the pending invitation', async () => {
    renderLive('/apps/chat/all', overviewHost());
    fireEvent.click(await screen.findByRole('tab', { name: 'Contactos' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/apps/chat/all');
    const [lucia] = rows('contact-row');
    expect(rowText(lucia).slice(0, 2)).toEqual(['Lucía García Pérez', 'Tú: Su examen es el lunes']);
    expect(within(lucia).getByText('lucia@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lucía García Pérez' })).toHaveAttribute('href', `/apps/chat/direct/contact/${LUCIA}`);

    fireEvent.click(tab(/^Grupos/));
    const [profesores] = rows('group-row');
    expect(rowText(profesores)).toEqual(['Profesores', 'Ana Pérez: Reunión a las 5', '13:30', '1 mensaje sin leer']);
    expect(screen.getByRole('link', { name: 'Profesores' })).toHaveAttribute('href', '/apps/chat/group/10');
    const invitations = screen.getByRole('region', { name: 'Invitaciones pendientes' });
    expect(within(invitations).getByRole('link', { name: 'Secretaría' })).toHaveAttribute('href', '/apps/chat/group/11');
    expect(within(invitations).getByText('1 miembro')).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Unirse al grupo Secretaría' })).toHaveTextContent('Unirse');
    expect(within(invitations).getByRole('button', { name: 'Rechazar la invitación al grupo Secretaría' })).toHaveTextContent('Rechazar');
  });

  it('opens the tab the address names (?tab=groups), as a conversation links back to it', async () => {
    renderLive('/apps/chat/all?tab=groups', overviewHost());
    expect(await screen.findByRole('tab', { name: /^Grupos/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Nuevo grupo' })).toBeInTheDocument();
  });

  it('starts a conversation with a contact found with the finder (people only)', async () => {
    const api = overviewHost({
      'GET contact/finder': envelopeOk([{ id: 91, code: '000091', type: 'P', display_name: 'Pablo Ruiz Sanz', fiscal_code: '12345678Z', email: 'pablo@example.com', phone: '' }]),
      'GET chat/direct/contact/91': envelopeOk(direct({ target: 'contact', id: 91, name: 'Pablo Ruiz Sanz', email: 'pablo@example.com', messages: [], has_more: false })),
    });
    renderLive('/apps/chat/all?tab=contacts', api);
    const finder = await screen.findByTestId('contact-finder');
    const box = within(finder).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'pablo' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(finder).findByText('pablo@example.com', { exact: false })).toBeInTheDocument();
    fireEvent.click(within(finder).getByRole('button', { name: 'Escribir a Pablo Ruiz Sanz' }));
    expect(query(api.calls('GET contact/finder')[0])).toEqual({ search: 'pablo', type: 'P' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chat/direct/contact/91'));
    expect(await screen.findByTestId('conversation-name')).toHaveTextContent('Pablo Ruiz Sanz');
    expect(screen.getByTestId('messages-empty')).toHaveTextContent('Todavía no hay mensajes');
    expect(screen.getByTestId('composer-note')).toHaveTextContent('El mensaje se envía por correo electrónico a pablo@example.com');
  });

  it('joins an invited group and declines another: the groups follow', async () => {
    const api = overviewHost({
      'GET chat/all': envelopeOk(overview({ groups: [group(), invitedGroup(), invitedGroup({ group_id: 12, name: 'Examinadores' })] })),
      'POST chat/group/join': (req: MockRequest) => envelopeOk(invitedGroup({ my_state: 'member', group_id: body(req).group_id as number })),
      'POST chat/group/exit': (req: MockRequest) => envelopeOk({ group_id: body(req).group_id }),
    });
    renderLive('/apps/chat/all?tab=groups', api);
    const invitations = await screen.findByRole('region', { name: 'Invitaciones pendientes' });
    expect(within(invitations).getAllByTestId('invitation-row')).toHaveLength(2);

    fireEvent.click(within(invitations).getByRole('button', { name: 'Unirse al grupo Secretaría' }));
    expect(await screen.findByText('Se ha unido al grupo Secretaría')).toBeInTheDocument();
    expect(api.calls('POST chat/group/join').map(body)).toEqual([{ group_id: 11 }]);
    expect(rows('group-row').map((r) => within(r).getByRole('link').textContent)).toEqual(['Profesores', 'Secretaría']);

    fireEvent.click(within(invitations).getByRole('button', { name: 'Rechazar la invitación al grupo Examinadores' }));
    expect(await screen.findByText('Invitación al grupo Examinadores rechazada')).toBeInTheDocument();
    expect(api.calls('POST chat/group/exit').map(body)).toEqual([{ group_id: 12 }]);
    expect(screen.queryByRole('region', { name: 'Invitaciones pendientes' })).toBeNull();
    expect(tab(/^Grupos/)).toHaveTextContent('Grupos (1)');
  });

  it('a refused answer to an invitation is a toast, and the groups are read again', async () => {
    const api = overviewHost({
      'POST chat/group/join': writeError('CONFLICT-000', 'Ya es miembro del grupo'),
      'GET chat/group/read': envelopeOk([group(), invitedGroup({ my_state: 'member' })]),
    });
    renderLive('/apps/chat/all?tab=groups', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Unirse al grupo Secretaría' }));
    expect(await screen.findByText('Ya es miembro del grupo')).toBeInTheDocument();
    await waitFor(() => expect(rows('group-row')).toHaveLength(2));
  });
});

describe('a new group', () => {
  const open = async (api = overviewHost()) => {
    renderLive('/apps/chat/all?tab=groups', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo grupo' }));
    return screen.getByRole('form', { name: 'Nuevo grupo' });
  };

  it('needs a name of at most 100 characters: nothing is sent otherwise', async () => {
    const api = overviewHost();
    const form = await open(api);
    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByLabelText(/^Nombre del grupo/)).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Como máximo 100 caracteres');
    expect(within(form).getByLabelText(/^Nombre del grupo/)).toHaveAttribute('maxlength', '100');
    expect(api.calls('POST chat/group/create')).toHaveLength(0);
  });

  it("invites the employees chosen from chat/all's list; the host's error goes under its field; created, it opens", async () => {
    let refuse = true;
    const api = overviewHost({
      'POST chat/group/create': (req: MockRequest) =>
        refuse ? writeError('REQ-102', 'Ya tiene un grupo con ese nombre', { field: 'name' }) : envelopeOk(group({ group_id: 12, name: body(req).name as string, unread: 0, last_message: null })),
      'GET chat/read/12': envelopeOk(groupConversation({ group: group({ group_id: 12, name: 'Prácticas' }), messages: [] })),
    });
    const form = await open(api);
    const people = within(form).getByTestId('checklist-employees');
    expect(within(people).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual(['Ana Pérez', 'Luis Gómez', 'Marta Ruiz']);
    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: ' Prácticas ' } });
    fireEvent.click(within(people).getByLabelText('Marta Ruiz'));
    fireEvent.click(within(people).getByLabelText('Ana Pérez'));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya tiene un grupo con ese nombre');

    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Prácticas creado')).toBeInTheDocument();
    expect(api.calls('POST chat/group/create').map(body).at(-1)).toEqual({ name: 'Prácticas', image_file_id: null, employees: [MARTA, ANA] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chat/group/12'));
    expect(await screen.findByTestId('conversation-name')).toHaveTextContent('Prácticas');
  });

  it('takes an image through chat/group/image/upload (PNG or JPEG only)', async () => {
    const api = overviewHost({
      'POST chat/group/image/upload': envelopeOk({ file_id: 501, name: 'logo.png', content_type: 'image/png' }),
      'POST chat/group/create': (req: MockRequest) => envelopeOk(group({ group_id: 12, name: body(req).name as string })),
      'GET chat/read/12': envelopeOk(groupConversation()),
    });
    restore = mockXhrUploads(api);
    const form = await open(api);
    const input = within(form).getByLabelText('Subir imagen');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notas.txt', { type: 'text/plain' })] } });
    expect(await within(form).findByTestId('group-image-failed')).toHaveTextContent('notas.txt no es una imagen PNG o JPEG');
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    expect(await within(form).findByTestId('group-image-preview')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=501&token=test-token');
    const uploads = api.calls('POST chat/group/image/upload');
    expect(uploads).toHaveLength(1);
    expect(((uploads[0].body as FormData).get('file') as File).name).toBe('logo.png');

    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: 'Logo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(api.calls('POST chat/group/create').map(body)).toEqual([{ name: 'Logo', image_file_id: 501, employees: [] }]));
    await screen.findByTestId('conversation');
  });
});

describe('the overview, live', () => {
  it('a pushed message goes on its row, first, one more unread; once however often it comes', async () => {
    const { realtime } = renderLive('/apps/chat/all', overviewHost());
    await screen.findAllByTestId('employee-row');
    const fromLuis = pushed(message(60, { from_user_id: LUIS, from_name: 'Luis Gómez', text: '¿Puedes cubrir mi clase?' }));
    realtime.emit('chat.message', { message: fromLuis });
    realtime.emit('chat.message', { message: fromLuis });
    const [first] = rows('employee-row');
    expect(rowText(first).slice(0, 2)).toEqual(['Luis Gómez', '¿Puedes cubrir mi clase?']);
    expect(within(first).getByTestId('unread')).toHaveAttribute('title', '1 mensaje sin leer');
    expect(tab(/^Empleados/)).toHaveTextContent('Empleados (3)');
    // one's own message (from another tab): the row moves, nothing unread
    realtime.emit('chat.message', { message: pushed(mineTo(61, ANA, 'Sí, a las 9')) });
    expect(rowText(rows('employee-row')[0])).toEqual(['Ana Pérez', 'Tú: Sí, a las 9', '10:30', '2 mensajes sin leer']);
  });

  it('a message to a contact not listed, a group event, and the stream reopening read again', async () => {
    const api = overviewHost({ 'GET chat/group/read': envelopeOk([group({ unread: 4 })]) });
    const { realtime } = renderLive('/apps/chat/all', api);
    await screen.findAllByTestId('employee-row');
    expect(realtime.current?.listens('chat.message')).toBe(true);

    api.on('GET chat/all', envelopeOk(overview({ contacts: [...contacts(), { contact_id: 91, name: 'Pablo Ruiz Sanz', email: 'pablo@example.com', last_message: null, unread: 0 }] })));
    realtime.emit('chat.message', { message: pushed(mineTo(62, 0, 'Hola Pablo', { target: 'contact', to_user_id: null, contact_id: 91 })) });
    await waitFor(() => expect(api.calls('GET chat/all')).toHaveLength(2));
    fireEvent.click(tab(/^Contactos/));
    expect(await screen.findByRole('link', { name: 'Pablo Ruiz Sanz' })).toBeInTheDocument();

    realtime.emit('chat.group', { group_id: 11, event: 'updated', user_id: MARTA });
    await waitFor(() => expect(api.calls('GET chat/group/read')).toHaveLength(1));
    await waitFor(() => expect(tab(/^Grupos/)).toHaveTextContent('Grupos (4)'));

    // the connection drops and the browser reconnects: the host says ready again
    realtime.fail();
    realtime.ready();
    await waitFor(() => expect(api.calls('GET chat/all')).toHaveLength(3));
  });

  it('says when new messages are not arriving live', async () => {
    // no stream at all (the browser has no EventSource): off
    renderModule('/apps/chat/all', overviewHost(), director, undefined, mockRealtime({ available: false }));
    expect(await screen.findByTestId('realtime-notice')).toHaveTextContent('Los mensajes nuevos no llegan al momento');
  });
});
