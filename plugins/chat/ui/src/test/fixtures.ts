/** What the fake host answers in the page tests: records as the chat plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';
import type { ContactChat, DirectConversation, EmployeeChat, Group, GroupConversation, Message, Overview } from '../api';
import { ME } from './render';

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

export const ANA = 3;
export const LUIS = 5;
export const MARTA = 7;
export const LUCIA = 90;

/** A message between the director (2) and Ana (3), written by Ana unless said otherwise. */
export function message(id: number, extra: Partial<Message> = {}): Message {
  return {
    message_id: id,
    target: 'employee',
    from_user_id: ANA,
    from_name: 'Ana Pérez',
    to_user_id: ME,
    group_id: null,
    contact_id: null,
    text: `Mensaje ${id}`,
    created_at: `2026-11-26T${String(8 + (id % 10)).padStart(2, '0')}:30:00.000Z`,
    mine: false,
    ...extra,
  };
}

/** The director's own message to Ana. */
export const mineTo = (id: number, to: number, text: string, extra: Partial<Message> = {}) =>
  message(id, { from_user_id: ME, from_name: 'Dolores Directora Demo', to_user_id: to, text, mine: true, ...extra });

/** A pushed message: the same, without `mine`. */
export function pushed(m: Message): Message {
  const { mine: _mine, ...rest } = m;
  return rest as Message;
}

export function employees(): EmployeeChat[] {
  return [
    { user_id: ANA, name: 'Ana Pérez', last_message: message(41, { text: '  ¿Mañana\n a las 9?  ' }), unread: 2 },
    { user_id: LUIS, name: 'Luis Gómez', last_message: mineTo(30, LUIS, 'Te llamo luego', { created_at: '2026-11-20T10:00:00.000Z' }), unread: 0 },
    { user_id: MARTA, name: 'Marta Ruiz', last_message: null, unread: 0 },
  ];
}

export function contacts(): ContactChat[] {
  return [
    {
      contact_id: LUCIA,
      name: 'Lucía García Pérez',
      email: 'lucia@example.com',
      last_message: mineTo(35, 0, 'Su examen es el lunes', { target: 'contact', to_user_id: null, contact_id: LUCIA }),
      unread: 0,
    },
  ];
}

const member = (user_id: number, name: string, state: 'member' | 'invited' = 'member') => ({ user_id, name, state });

/** "Profesores" (10): the director and Ana are members, Luis is invited. */
export function group(extra: Partial<Group> = {}): Group {
  return {
    group_id: 10,
    name: 'Profesores',
    image_file_id: null,
    created_by: ME,
    created_at: '2026-11-01T09:00:00.000Z',
    my_state: 'member',
    members: [member(ME, 'Dolores Directora Demo'), member(ANA, 'Ana Pérez'), member(LUIS, 'Luis Gómez', 'invited')],
    last_message: message(44, { target: 'group', group_id: 10, to_user_id: null, text: 'Reunión a las 5' }),
    unread: 1,
    ...extra,
  };
}

/** "Secretaría" (11): Marta created it and invited the director. */
export function invitedGroup(extra: Partial<Group> = {}): Group {
  return {
    group_id: 11,
    name: 'Secretaría',
    image_file_id: null,
    created_by: MARTA,
    created_at: '2026-11-25T09:00:00.000Z',
    my_state: 'invited',
    members: [member(MARTA, 'Marta Ruiz'), member(ME, 'Dolores Directora Demo', 'invited')],
    last_message: null,
    unread: 0,
    ...extra,
  };
}

export function overview(extra: Partial<Overview> = {}): Overview {
  return { employees: employees(), contacts: contacts(), groups: [group(), invitedGroup()], ...extra };
}

/** The conversation with Ana: messages 40 (mine) and 41 (hers); older ones remain. */
export function direct(extra: Partial<DirectConversation> = {}): DirectConversation {
  return {
    target: 'employee',
    id: ANA,
    name: 'Ana Pérez',
    email: null,
    messages: [mineTo(40, ANA, 'Hola Ana'), message(41, { text: '¿Mañana a las 9?' })],
    has_more: true,
    ...extra,
  };
}

/** The older page of the conversation with Ana (`before=40`). */
export const olderPage = (): DirectConversation => direct({ messages: [message(20, { text: 'Buenos días' }), mineTo(21, ANA, 'Buenos días, Ana')], has_more: false });

export function groupConversation(extra: Partial<GroupConversation> = {}): GroupConversation {
  return {
    group: group(),
    messages: [message(43, { target: 'group', group_id: 10, to_user_id: null, text: '¿Quién cubre el sábado?' }), mineTo(44, 0, 'Yo mismo', { target: 'group', group_id: 10, to_user_id: null })],
    has_more: false,
    ...extra,
  };
}

/** What `POST chat/send` answers: the text sent as the director's message `id`. */
export function sent(req: MockRequest, id: number): Message {
  const b = body(req) as { target: Message['target']; id: number; text: string };
  return {
    message_id: id,
    target: b.target,
    from_user_id: ME,
    from_name: 'Dolores Directora Demo',
    to_user_id: b.target === 'employee' ? b.id : null,
    group_id: b.target === 'group' ? b.id : null,
    contact_id: b.target === 'contact' ? b.id : null,
    text: b.text,
    created_at: '2026-11-26T17:00:00.000Z',
    mine: true,
  };
}

export const ok = envelopeOk;
