import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderLive, ME } from '../test/render';
import { ANA, MARTA, body, group, groupConversation, invitedGroup, message, overview, pushed, query, sent } from '../test/fixtures';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T18:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function groupHost(routes: Record<string, unknown> = {}) {
  return mockApi({ 'GET chat/read/10': envelopeOk(groupConversation()), ...(routes as Record<string, object>) });
}

const shown = () => screen.queryAllByTestId('message').map((li) => li.textContent);
const texts = () => screen.queryAllByTestId('message-text').map((p) => p.textContent);

describe("a group's conversation", () => {
  it('shows its members and the messages with their authors; sends to the group', async () => {
    const api = groupHost({ 'POST chat/send': (req: MockRequest) => envelopeOk(sent(req, 90)) });
    renderLive('/apps/chat/group/10', api);
    expect(await screen.findByTestId('conversation-name')).toHaveTextContent('Profesores');
    const members = within(screen.getByRole('list', { name: 'Miembros del grupo' })).getAllByRole('listitem');
    expect(members.map((m) => m.textContent)).toEqual(['Dolores Directora Demo (tú)', 'Ana Pérez', 'Luis Gómez (invitado)']);
    expect(screen.getByText('2 miembros')).toBeInTheDocument();
    expect(shown()).toEqual(['Ana Pérez¿Quién cubre el sábado?12:30', 'Tú:Yo mismo13:30']);
    expect(screen.queryByRole('button', { name: 'Cargar anteriores' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Mensaje' }), { target: { value: 'Yo no puedo' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Mensaje' }), { key: 'Enter' });
    await waitFor(() => expect(texts().at(-1)).toBe('Yo no puedo'));
    expect(api.calls('POST chat/send').map(body)).toEqual([{ target: 'group', id: 10, text: 'Yo no puedo' }]);
  });

  it('adds a pushed message of the group once; a chat.group push about it reads it again', async () => {
    const api = groupHost();
    const { realtime } = renderLive('/apps/chat/group/10', api);
    await screen.findByTestId('conversation-name');
    const fromAna = pushed(message(95, { target: 'group', group_id: 10, to_user_id: null, text: 'Yo sí' }));
    realtime.emit('chat.message', { message: fromAna });
    realtime.emit('chat.message', { message: fromAna });
    realtime.emit('chat.message', { message: pushed(message(96, { target: 'group', group_id: 11, to_user_id: null, text: 'Otro grupo' })) });
    expect(texts()).toEqual(['¿Quién cubre el sábado?', 'Yo mismo', 'Yo sí']);
    await waitFor(() => expect(api.calls('GET chat/read/10').map(query)).toEqual([{}, { limit: '1' }]));

    api.on('GET chat/read/10', envelopeOk(groupConversation({ group: group({ name: 'Profesorado' }) })));
    realtime.emit('chat.group', { group_id: 10, event: 'updated', user_id: ANA });
    expect(await screen.findByText('Profesorado')).toBeInTheDocument();
    expect(texts()).toEqual(['¿Quién cubre el sábado?', 'Yo mismo', 'Yo sí']);
  });

  it('invites the employees not in it yet (chat/all), with chat/group/invite', async () => {
    const api = groupHost({
      'GET chat/all': envelopeOk(overview()),
      'POST chat/group/invite': (req: MockRequest) =>
        envelopeOk(group({ members: [...group().members, { user_id: MARTA, name: 'Marta Ruiz', state: 'invited' }] , group_id: body(req).group_id as number })),
    });
    renderLive('/apps/chat/group/10', api);
    await screen.findByTestId('conversation-name');
    fireEvent.click(screen.getByRole('button', { name: 'Invitar' }));
    const panel = await screen.findByTestId('invite-panel');
    const form = await within(panel).findByRole('form', { name: 'Invitar al grupo Profesores' });
    // nothing chosen: nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Invitar' }));
    expect(await within(form).findByTestId('error-employees')).toHaveTextContent('Elija al menos un empleado');
    // Ana is a member and Luis is invited already: only Marta
    expect(within(form).getAllByRole('checkbox').map((b) => b.closest('label')!.textContent)).toEqual(['Marta Ruiz']);
    fireEvent.click(within(form).getByLabelText('Marta Ruiz'));
    fireEvent.click(within(form).getByRole('button', { name: 'Invitar' }));
    expect(await screen.findByText('Invitaciones enviadas')).toBeInTheDocument();
    expect(api.calls('POST chat/group/invite').map(body)).toEqual([{ group_id: 10, employees: [MARTA] }]);
    expect(screen.queryByTestId('invite-panel')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Miembros del grupo' })).getByText('Marta Ruiz')).toBeInTheDocument();
  });

  it('renames it with chat/group/update (only what changed; 1 to 100 characters)', async () => {
    const api = groupHost({ 'POST chat/group/update': (req: MockRequest) => envelopeOk(group({ name: body(req).name as string })) });
    renderLive('/apps/chat/group/10', api);
    await screen.findByTestId('conversation-name');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar nombre' }));
    const form = screen.getByRole('form', { name: 'Cambiar el nombre o la imagen del grupo' });
    const name = within(form).getByLabelText(/^Nombre del grupo/);
    expect(name).toHaveValue('Profesores');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(name, { target: { value: ' Profesorado ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Profesorado guardado')).toBeInTheDocument();
    expect(api.calls('POST chat/group/update').map(body)).toEqual([{ group_id: 10, name: 'Profesorado' }]);
    expect(screen.getByTestId('conversation-name')).toHaveTextContent('Profesorado');
  });

  it('leaves it after the confirmation, back to the groups', async () => {
    const api = groupHost({ 'POST chat/group/exit': (req: MockRequest) => envelopeOk({ group_id: body(req).group_id }), 'GET chat/all': envelopeOk(overview({ groups: [invitedGroup()] })) });
    renderLive('/apps/chat/group/10', api);
    await screen.findByTestId('conversation-name');
    fireEvent.click(screen.getByRole('button', { name: 'Salir del grupo' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Salir del grupo «Profesores»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST chat/group/exit')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Salir del grupo' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salir del grupo' }));
    expect(await screen.findByText('Ha salido del grupo Profesores')).toBeInTheDocument();
    expect(api.calls('POST chat/group/exit').map(body)).toEqual([{ group_id: 10 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chat/all'));
    expect(await screen.findByRole('tab', { name: /^Grupos/ })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('an invitation to a group', () => {
  const invitedHost = (routes: Record<string, unknown> = {}) =>
    mockApi({ 'GET chat/read/11': envelopeOk({ group: invitedGroup(), messages: [], has_more: false }), ...(routes as Record<string, object>) });

  it('shows "Te han invitado a este grupo" instead of the messages; "Unirse" joins and shows them', async () => {
    const joined = invitedGroup({ my_state: 'member', members: [invitedGroup().members[0], { user_id: ME, name: 'Dolores Directora Demo', state: 'member' }] });
    const api = invitedHost({ 'POST chat/group/join': envelopeOk(joined) });
    renderLive('/apps/chat/group/11', api);
    const invitation = await screen.findByTestId('group-invitation');
    expect(invitation).toHaveTextContent('Te han invitado a este grupo');
    expect(invitation).toHaveTextContent('Miembros: Marta Ruiz');
    expect(screen.queryByTestId('messages')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();

    api.on('GET chat/read/11', envelopeOk({ group: joined, messages: [message(97, { target: 'group', group_id: 11, from_user_id: MARTA, from_name: 'Marta Ruiz', to_user_id: null, text: 'Bienvenida' })], has_more: false }));
    fireEvent.click(within(invitation).getByRole('button', { name: 'Unirse' }));
    expect(await screen.findByText('Se ha unido al grupo Secretaría')).toBeInTheDocument();
    await waitFor(() => expect(texts()).toEqual(['Bienvenida']));
    expect(api.calls('POST chat/group/join').map(body)).toEqual([{ group_id: 11 }]);
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeEnabled();
  });

  it('"Rechazar" declines it (chat/group/exit) and goes back to the groups', async () => {
    const api = invitedHost({ 'POST chat/group/exit': envelopeOk({ group_id: 11 }), 'GET chat/all': envelopeOk(overview({ groups: [group()] })) });
    renderLive('/apps/chat/group/11', api);
    fireEvent.click(within(await screen.findByTestId('group-invitation')).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Invitación al grupo Secretaría rechazada')).toBeInTheDocument();
    expect(api.calls('POST chat/group/exit').map(body)).toEqual([{ group_id: 11 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chat/all'));
  });

  it("a refused join shows the host's reason and keeps the invitation", async () => {
    const api = invitedHost({ 'POST chat/group/join': writeError('NOT-FOUND-000', 'Grupo no encontrado') });
    renderLive('/apps/chat/group/11', api);
    fireEvent.click(within(await screen.findByTestId('group-invitation')).getByRole('button', { name: 'Unirse' }));
    expect(await screen.findByTestId('invitation-errors')).toHaveTextContent('Grupo no encontrado');
    expect(screen.getByTestId('group-invitation')).toHaveTextContent('Te han invitado a este grupo');
  });
});
