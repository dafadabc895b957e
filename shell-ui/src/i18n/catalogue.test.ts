import { describe, expect, it } from 'vitest';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './es.json';
import { shellResources } from './index';
import { RECOVERY_CODES, RESET_CODES, SIGN_IN_CODES, SIGN_UP_CODES } from '../features/auth/messages';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const lookup = (key: string) => catalogueLookup(es, key);
const hasKey = (key: string) => hasMessage(es, key);

function sourceFiles(dir: string): string[] {
  return componentFiles(dir).concat(
    // .ts files too (messages.ts builds keys): componentFiles lists .tsx only.
    ['features/auth/messages.ts'].map((f) => resolve(dir, f)),
  );
}

describe('the Spanish catalogue', () => {
  it('no component under src/ carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('has every key the components ask for with a literal t("…")', () => {
    expect(missingKeys(sourceFiles(src), es, src)).toEqual([]);
  });

  it('has a message for every error code the forms recognise', () => {
    const keys = [
      ...SIGN_IN_CODES.map((c) => `signIn.errors.${c}`),
      ...SIGN_UP_CODES.map((c) => `signUp.errors.${c}`),
      ...RECOVERY_CODES.map((c) => `recovery.errors.${c}`),
      ...RESET_CODES.map((c) => `reset.errors.${c}`),
      'signIn.errors.generic', 'signUp.errors.generic', 'recovery.errors.generic', 'reset.errors.generic',
      'languages.es', 'languages.en', 'signIn.providers.google', 'signIn.providers.facebook', 'signIn.providers.microsoft',
      'signUp.done',
    ];
    expect(keys.filter((k) => !hasKey(k))).toEqual([]);
  });

  it('keeps the spec wording of the key messages', () => {
    expect(lookup('signIn.errors.LOGIN-001')).toMatch(/usuario no reconocido/i);
    expect(lookup('signIn.errors.LOGIN-002')).toMatch(/contraseña incorrecta/i);
    expect(lookup('signIn.errors.LOGIN-003')).toMatch(/código .*incorrecto.*último correo/i);
    expect(lookup('signIn.errors.LOGIN-004')).toMatch(/dispositivo disponible.*administrador/i);
    expect(lookup('signIn.errors.LOGIN-005')).toMatch(/demasiados intentos/i);
    expect(lookup('signIn.errors.generic')).toMatch(/error comprobando los datos/i);
    expect(lookup('reset.errors.PASSWORD-RESET-003')).toBe('URL no válida, revise el correo o vuelva a solicitarlo');
    expect(lookup('lock.error')).toMatch(/revise la contraseña o se cerrará la sesión/);
    expect(lookup('signIn.code.remember_other')).toMatch(/autorizar este dispositivo durante \{\{days\}\} días/i);
  });

  it('English is empty and falls back to Spanish', () => {
    expect(shellResources.en).toEqual({});
  });
});
