import { describe, expect, it } from 'vitest';
import { explain, messages, moves, parsePosition } from './format';

const items = [
  { id: 21, position: 1, title: 'Las señales' },
  { id: 22, position: 2, title: 'El conductor' },
  { id: 23, position: 3, title: 'La vía pública' },
];

describe('the tree\'s order', () => {
  it('moves a child one place up or down, never past either end', () => {
    expect(moves(items, items[0])).toEqual({ up: null, down: 2 });
    expect(moves(items, items[1])).toEqual({ up: 1, down: 3 });
    expect(moves(items, items[2])).toEqual({ up: 2, down: null });
    expect(moves([items[0]], items[0])).toEqual({ up: null, down: null });
  });

  it('reads a position typed by a person: empty is none, a whole number from 1, else not one', () => {
    expect(parsePosition('')).toBeUndefined();
    expect(parsePosition('  ')).toBeUndefined();
    expect(parsePosition(' 3 ')).toBe(3);
    expect(parsePosition('0')).toBeNull();
    expect(parsePosition('-1')).toBeNull();
    expect(parsePosition('1,5')).toBeNull();
    expect(parsePosition('dos')).toBeNull();
  });
});

describe('refusals', () => {
  it('explain a record deleted meanwhile (CONFLICT-000) after the host\'s message; the rest as they come', () => {
    const conflict = [{ code: 'CONFLICT-000', data: null, details: 'Tema está eliminado' }];
    expect(messages(explain(conflict, 'Ya no se puede modificar'))).toEqual(['Tema está eliminado', 'Ya no se puede modificar']);
    const field = [{ code: 'REQ-102', data: { field: 'title' }, details: 'El campo title es obligatorio' }];
    expect(explain(field, 'Ya no se puede modificar')).toEqual(field);
    expect(messages(explain({ code: 'REQ-100', data: null, details: '' }, 'x'))).toEqual(['REQ-100']);
  });
});
