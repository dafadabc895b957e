import { describe, expect, it } from 'vitest';
import { formatWhen, preview } from './format';
import { applyMessage, belongsTo, isMine, mergeMessages } from './messages';
import { groupBody } from './components/GroupForm';
import { ANA, LUCIA, LUIS, message, mineTo, overview, pushed } from './test/fixtures';
import { ME } from './test/render';

describe('formatting', () => {
  it('says the time of a message of today (Madrid) and the day of an older one', () => {
    expect(formatWhen('2026-11-26T16:30:00.000Z', '2026-11-26T20:00:00.000Z')).toBe('17:30');
    expect(formatWhen('2026-11-25T16:30:00.000Z', '2026-11-26T20:00:00.000Z')).toBe('25/11/2026');
    // 23:30 UTC is already the next day in Madrid
    expect(formatWhen('2026-11-25T23:30:00.000Z', '2026-11-26T08:00:00.000Z')).toBe('00:30');
    expect(formatWhen(null)).toBe('');
  });

  it('trims a message to one line, cut with an ellipsis', () => {
    expect(preview('  ¿Mañana\n  a las 9?  ')).toBe('¿Mañana a las 9?');
    expect(preview('abcdefghij', 6)).toBe('abcde…');
    expect(preview('abcdef', 6)).toBe('abcdef');
  });
});

describe('messages', () => {
  it("is mine by the call's `mine`, or (a push) by its author", () => {
    expect(isMine(message(1), ME)).toBe(false);
    expect(isMine(pushed(mineTo(2, ANA, 'x')), ME)).toBe(true);
    expect(isMine(pushed(message(3)), ME)).toBe(false);
  });

  it('belongs to a direct conversation both ways, to a contact by its id, to a group by its id', () => {
    expect(belongsTo(message(1), { target: 'employee', id: ANA }, ME)).toBe(true);
    expect(belongsTo(mineTo(2, ANA, 'x'), { target: 'employee', id: ANA }, ME)).toBe(true);
    expect(belongsTo(mineTo(3, LUIS, 'x'), { target: 'employee', id: ANA }, ME)).toBe(false);
    // Ana writing to Luis is not the director's conversation with Ana
    expect(belongsTo(message(4, { to_user_id: LUIS }), { target: 'employee', id: ANA }, ME)).toBe(false);
    expect(belongsTo(message(5, { target: 'contact', contact_id: LUCIA, to_user_id: null }), { target: 'contact', id: LUCIA }, ME)).toBe(true);
    expect(belongsTo(message(6, { target: 'group', group_id: 10, to_user_id: null }), { target: 'group', id: 10 }, ME)).toBe(true);
    expect(belongsTo(message(7, { target: 'group', group_id: 11, to_user_id: null }), { target: 'group', id: 10 }, ME)).toBe(false);
  });

  it('merges pages and pushes: each message once, oldest first', () => {
    const merged = mergeMessages([message(3), message(5)], [message(1), message(5, { text: 'again' }), message(4)]);
    expect(merged.map((m) => m.message_id)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.text).toBe('again');
  });

  it("puts a pushed message on its row, first, with one more unread when it is someone else's", () => {
    const before = overview();
    const fromLuis = pushed(message(50, { from_user_id: LUIS, from_name: 'Luis Gómez', text: 'Voy' }));
    const after = applyMessage(before, fromLuis, ME)!;
    expect(after.employees.map((e) => [e.name, e.unread, e.last_message?.message_id ?? null])).toEqual([
      ['Luis Gómez', 1, 50],
      ['Ana Pérez', 2, 41],
      ['Marta Ruiz', 0, null],
    ]);
    // the same message again changes nothing
    expect(applyMessage(after, fromLuis, ME)).toBe(after);
    // one's own adds nothing unread
    const mine = applyMessage(before, pushed(mineTo(51, ANA, 'Vale')), ME)!;
    expect(mine.employees[0]).toMatchObject({ user_id: ANA, unread: 2 });
    // a group's message; a conversation not listed asks for the overview again
    expect(applyMessage(before, pushed(message(52, { target: 'group', group_id: 10, to_user_id: null })), ME)!.groups[0]).toMatchObject({ unread: 2 });
    expect(applyMessage(before, pushed(mineTo(53, 0, 'Hola', { target: 'contact', to_user_id: null, contact_id: 99 })), ME)).toBeNull();
  });

  it("builds a group's body: the trimmed name, the employees as numbers; none without a name", () => {
    expect(groupBody({ name: '  Profesores ', employees: ['3', '5'], image_file_id: null })).toEqual({ name: 'Profesores', employees: [3, 5], image_file_id: null });
    expect(groupBody({ name: '   ', employees: [], image_file_id: 7 })).toBeNull();
  });
});
