import { describe, expect, it } from 'vitest';
import { chipStyle, fullHex, refusalText, withReasons } from './format';

describe('the group colours', () => {
  it('reads #RGB and #RRGGBB (what the host stores) as a colour input takes them', () => {
    expect(fullHex('#F1416C')).toBe('#f1416c');
    expect(fullHex(' #fc0 ')).toBe('#ffcc00');
    expect(fullHex('')).toBeNull();
    expect(fullHex('red')).toBeNull();
    expect(fullHex('#12345')).toBeNull();
  });

  it('puts dark text on a light colour and white on a dark one; none without a colour', () => {
    expect(chipStyle('#fc0')).toEqual({ backgroundColor: '#ffcc00', color: '#181c32' });
    expect(chipStyle('#ffffff')).toEqual({ backgroundColor: '#ffffff', color: '#181c32' });
    expect(chipStyle('#181c32')).toEqual({ backgroundColor: '#181c32', color: '#ffffff' });
    expect(chipStyle('#f1416c')).toEqual({ backgroundColor: '#f1416c', color: '#181c32' });
    expect(chipStyle('#7239ea')).toEqual({ backgroundColor: '#7239ea', color: '#ffffff' });
    expect(chipStyle('')).toBeNull();
    expect(chipStyle(null)).toBeNull();
  });
});

describe('a refusal', () => {
  it("shows the host's message with the reason it gives apart", () => {
    const refusal = { code: 'PERMISSION-000', data: { permission: 'note.manage', reason: 'Solo el autor puede modificar o eliminar la nota' }, details: 'No tiene permiso para esta acción' };
    expect(refusalText(refusal)).toBe('No tiene permiso para esta acción: Solo el autor puede modificar o eliminar la nota');
    expect(refusalText({ code: 'CONFLICT-000', data: null, details: 'El documento está eliminado' })).toBe('El documento está eliminado');
    expect(refusalText({ code: 'SERVER-000', data: null, details: '' })).toBe('SERVER-000');
    const field = { code: 'REQ-102', data: { field: 'message' }, details: 'Debe indicar un mensaje para guardar' };
    expect(withReasons([field, refusal])).toEqual([field, { ...refusal, details: 'No tiene permiso para esta acción: Solo el autor puede modificar o eliminar la nota' }]);
  });
});
