import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderLive } from '../test/render';
import { ANA, LUCIA, LUIS, body, direct, message, mineTo, olderPage, pushed, query, sent } from '../test/fixtures';
import type { Message } from '../api';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T18:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const ANA_PATH = `chat/direct/employee/${ANA}`;

/** The conversation with Ana; `before=40` answers the older page. */
function anaHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    [`GET ${ANA_PATH}`]: (req: MockRequest) => envelopeOk(req.query.get('before') === '40' ? olderPage() : direct()),
    ...(routes as Record<string, object>),
  });
}

const shown = () => screen.queryAllByTestId('message').map((li) => [within(li).getByTestId('message-text').textContent, li.dataset.mine]);
const box = () => screen.getByRole('textbox', { name: 'Mensaje' });
const write = (text: string) => fireEvent.change(box(), { target: { value: text } });

/** A promise the test resolves when it wants the host to answer. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

describe('a direct conversation', () => {
  it('shows the messages oldest first, one\'s own marked, and pages back with `before`', async () => {
    const api = anaHost();
    renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    expect(await screen.findByTestId('conversation-name')).toHaveTextContent('Ana Pérez');
    expect(shown()).toEqual([
      ['Hola Ana', 'true'],
      ['¿Mañana a las 9?', 'false'],
    ]);
    expect(screen.getAllByTestId('message')[0]).toHaveClass('chat-message--mine');
    expect(query(api.calls(`GET ${ANA_PATH}`)[0])).toEqual({});

    fireEvent.click(screen.getByRole('button', { name: 'Cargar anteriores' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(shown().map(([text]) => text)).toEqual(['Buenos días', 'Buenos días, Ana', 'Hola Ana', '¿Mañana a las 9?']);
    expect(query(api.calls(`GET ${ANA_PATH}`)[1])).toEqual({ before: '40' });
    // nothing older remains
    expect(screen.queryByRole('button', { name: 'Cargar anteriores' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/apps/chat/all');
  });

  it('an older page that cannot be read says so and keeps what is shown', async () => {
    const api = anaHost();
    renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    await screen.findByTestId('conversation-name');
    api.on(`GET ${ANA_PATH}`, readError('SERVICE-000', 'Servicio no disponible'));
    fireEvent.click(screen.getByRole('button', { name: 'Cargar anteriores' }));
    expect(await screen.findByText('Servicio no disponible')).toBeInTheDocument();
    expect(shown()).toHaveLength(2);
  });

  it('sends with Enter: "Enviando..." while it goes, then the message shows and the box empties', async () => {
    const answer = held<void>();
    const api = anaHost({
      'POST chat/send': async (req: MockRequest) => {
        await answer.promise;
        return envelopeOk(sent(req, 70));
      },
    });
    renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    await screen.findByTestId('conversation-name');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    write('  Sí, allí estaré  ');
    // Shift+Enter is a new line, not a send
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(api.calls('POST chat/send')).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByTestId('composer-sending')).toHaveTextContent('Enviando...');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(shown().at(-1)).toEqual(['Sí, allí estaré', 'true']));
    expect(screen.queryByTestId('composer-sending')).toBeNull();
    expect(box()).toHaveValue('');
    expect(api.calls('POST chat/send').map(body)).toEqual([{ target: 'employee', id: ANA, text: 'Sí, allí estaré' }]);
    expect(box()).toHaveAttribute('maxlength', '2000');
  });

  it('a refused send says "Error al enviar" with the field\'s message, and keeps the text', async () => {
    const api = anaHost({ 'POST chat/send': writeError('REQ-102', 'No puedes enviarte un mensaje a ti mismo', { field: 'id' }) });
    renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    await screen.findByTestId('conversation-name');
    write('Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const error = await screen.findByTestId('composer-error');
    expect(within(error).getByText('Error al enviar')).toBeInTheDocument();
    expect(within(error).getByTestId('composer-error-detail')).toHaveTextContent('No puedes enviarte un mensaje a ti mismo');
    expect(box()).toHaveValue('Hola');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(shown()).toHaveLength(2);

    api.on('POST chat/send', (req: MockRequest) => envelopeOk(sent(req, 71)));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(screen.queryByTestId('composer-error')).toBeNull();
  });

  it('a pushed message of this conversation is added once, and read (limit=1); others are not', async () => {
    const api = anaHost({ 'POST chat/send': (req: MockRequest) => envelopeOk(sent(req, 72)) });
    const { realtime } = renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    await screen.findByTestId('conversation-name');
    const fromAna: Message = pushed(message(71, { text: 'Perfecto' }));
    realtime.emit('chat.message', { message: fromAna });
    realtime.emit('chat.message', { message: fromAna });
    expect(shown().map(([text]) => text)).toEqual(['Hola Ana', '¿Mañana a las 9?', 'Perfecto']);
    expect(shown().at(-1)).toEqual(['Perfecto', 'false']);
    // someone else's: the host is told it was read
    await waitFor(() => expect(api.calls(`GET ${ANA_PATH}`).map(query)).toEqual([{}, { limit: '1' }]));

    // Luis writing to the director, or Ana to Luis, belongs elsewhere
    realtime.emit('chat.message', { message: pushed(message(73, { from_user_id: LUIS, from_name: 'Luis Gómez', text: 'Otra' })) });
    realtime.emit('chat.message', { message: pushed(message(74, { to_user_id: LUIS, text: 'Para Luis' })) });
    expect(shown()).toHaveLength(3);

    // one's own: the call's answer and the push are the same message
    write('Hasta mañana');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    realtime.emit('chat.message', { message: pushed(mineTo(72, ANA, 'Hasta mañana')) });
    expect(shown().map(([text, mine]) => `${text}:${mine}`)).toEqual(['Hola Ana:true', '¿Mañana a las 9?:false', 'Perfecto:false', 'Hasta mañana:true']);
    // a push of one's own (sent from another tab) is drawn as one's own
    realtime.emit('chat.message', { message: pushed(mineTo(75, ANA, 'Desde el móvil')) });
    expect(shown().at(-1)).toEqual(['Desde el móvil', 'true']);
    expect(api.calls(`GET ${ANA_PATH}`)).toHaveLength(2);
  });

  it('reads the newest messages again when the stream reopens', async () => {
    const api = anaHost();
    const { realtime } = renderLive(`/apps/chat/direct/employee/${ANA}`, api);
    await screen.findByTestId('conversation-name');
    api.on(`GET ${ANA_PATH}`, envelopeOk(direct({ messages: [...direct().messages, message(76, { text: 'Mientras no estabas' })] })));
    // the connection drops and the browser reconnects: the host says ready again
    realtime.fail();
    realtime.ready();
    await waitFor(() => expect(shown().map(([text]) => text)).toEqual(['Hola Ana', '¿Mañana a las 9?', 'Mientras no estabas']));
  });

  it('to a contact: the box says the message is mailed to the address', async () => {
    const api = mockApi({
      [`GET chat/direct/contact/${LUCIA}`]: envelopeOk(
        direct({ target: 'contact', id: LUCIA, name: 'Lucía García Pérez', email: 'lucia@example.com', has_more: false, messages: [mineTo(35, 0, 'Su examen es el lunes', { target: 'contact', to_user_id: null, contact_id: LUCIA })] }),
      ),
      'POST chat/send': (req: MockRequest) => envelopeOk(sent(req, 80)),
    });
    renderLive(`/apps/chat/direct/contact/${LUCIA}`, api);
    expect(await screen.findByTestId('conversation-name')).toHaveTextContent('Lucía García Pérez');
    expect(screen.getByTestId('composer-note')).toHaveTextContent('El mensaje se envía por correo electrónico a lucia@example.com');
    expect(box()).toHaveAccessibleDescription(/lucia@example.com/);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/apps/chat/all?tab=contacts');
    write('Recuerde traer el DNI');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(api.calls('POST chat/send').map(body)).toEqual([{ target: 'contact', id: LUCIA, text: 'Recuerde traer el DNI' }]);
  });

  it('a contact without an address cannot be written to', async () => {
    renderLive('/apps/chat/direct/contact/92', mockApi({ 'GET chat/direct/contact/92': envelopeOk(direct({ target: 'contact', id: 92, name: 'Sin Correo', email: null, messages: [], has_more: false })) }));
    expect(await screen.findByTestId('composer-note')).toHaveTextContent('Este contacto no tiene correo electrónico');
    expect(box()).toBeDisabled();
  });

  it('an unknown conversation shows the host\'s message', async () => {
    renderLive('/apps/chat/direct/employee/99', mockApi({ 'GET chat/direct/employee/99': readError('NOT-FOUND-000', 'Empleado no encontrado') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Empleado no encontrado');
  });

  it('a target that is neither employee nor contact is not found, without asking', async () => {
    renderLive('/apps/chat/direct/group/10', mockApi());
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversación no encontrada');
  });
});
