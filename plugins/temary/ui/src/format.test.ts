import { describe, expect, it } from 'vitest';
import { explain, messages, parsePosition } from './format';

describe('positions', () => {
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
    const conflict = [{ code: 'CONFLICT-000', data: null, details: 'El tema está eliminado' }];
    expect(messages(explain(conflict, 'Ya no se puede modificar'))).toEqual(['El tema está eliminado', 'Ya no se puede modificar']);
    const field = [{ code: 'REQ-102', data: { field: 'title' }, details: 'El campo title es obligatorio' }];
    expect(explain(field, 'Ya no se puede modificar')).toEqual(field);
    expect(messages(explain({ code: 'REQ-100', data: null, details: '' }, 'x'))).toEqual(['REQ-100']);
  });
});
