import type { TFunction } from 'i18next';
import { errorList } from '@volante/plugin-ui';

/** Sign-in codes with their own message; any other failure reads "error checking the data". */
export const SIGN_IN_CODES = ['LOGIN-001', 'LOGIN-002', 'LOGIN-003', 'LOGIN-004', 'LOGIN-005', 'LOGIN-006', 'LOGIN-007'];
export const SIGN_UP_CODES = ['ERROR_EMPLOYEE_022', 'ERROR_EMPLOYEE_122', 'REGISTRATION-001', 'PASSWORD-001'];
export const RECOVERY_CODES = ['PASSWORD-RESET-001', 'PASSWORD-RESET-002', 'PASSWORD-RESET-004'];
export const RESET_CODES = ['PASSWORD-RESET-003', 'PASSWORD-001'];

function unique(messages: string[]): string[] {
  return [...new Set(messages)];
}

export function signInMessages(failure: unknown, t: TFunction): string[] {
  return unique(errorList(failure).map((e) => (SIGN_IN_CODES.includes(e.code) ? t(`signIn.errors.${e.code}`) : t('signIn.errors.generic'))));
}

/**
 * Registration: known codes get our message; a field error (REQ-102) shows the host's own Spanish
 * detail (it names the field), anything else the generic message.
 */
export function signUpMessages(failure: unknown, t: TFunction): string[] {
  return unique(
    errorList(failure).map((e) => {
      if (SIGN_UP_CODES.includes(e.code)) return t(`signUp.errors.${e.code}`);
      if (e.code === 'REQ-102' && e.details) return e.details;
      return t('signUp.errors.generic');
    }),
  );
}

export function recoveryMessages(failure: unknown, t: TFunction): string[] {
  return unique(errorList(failure).map((e) => (RECOVERY_CODES.includes(e.code) ? t(`recovery.errors.${e.code}`) : t('recovery.errors.generic'))));
}

export function resetMessages(failure: unknown, t: TFunction): string[] {
  return unique(errorList(failure).map((e) => (RESET_CODES.includes(e.code) ? t(`reset.errors.${e.code}`) : t('reset.errors.generic'))));
}
