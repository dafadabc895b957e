import { describe, expect, it } from 'vitest';
import { refusalText, withReasons } from './format';

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
