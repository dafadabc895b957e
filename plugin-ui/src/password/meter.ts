/** The password meter (driving-school §5): minimum 8, lowercase, uppercase, digit, special. */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordChecks {
  length: boolean;
  lower: boolean;
  upper: boolean;
  digit: boolean;
  special: boolean;
}

export const PASSWORD_CHECK_ORDER: (keyof PasswordChecks)[] = ['length', 'lower', 'upper', 'digit', 'special'];

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: [...password].length >= PASSWORD_MIN_LENGTH,
    lower: /\p{Ll}/u.test(password),
    upper: /\p{Lu}/u.test(password),
    digit: /[0-9]/.test(password),
    special: /[^\p{L}\p{N}]/u.test(password),
  };
}

/** 0 to 5: how many of the checks pass. */
export function passwordScore(password: string): number {
  return Object.values(passwordChecks(password)).filter(Boolean).length;
}

export type PasswordLevel = 'empty' | 'weak' | 'medium' | 'strong';

export function passwordLevel(password: string): PasswordLevel {
  if (!password) return 'empty';
  const score = passwordScore(password);
  if (score === 5) return 'strong';
  if (passwordMeetsPolicy(password)) return 'medium';
  return 'weak';
}

/**
 * What the host accepts (its `check_policy`): at least 8 characters and three of the four
 * classes. Forms submit only when this holds, so the server never has to refuse.
 */
export function passwordMeetsPolicy(password: string): boolean {
  const c = passwordChecks(password);
  return c.length && [c.lower, c.upper, c.digit, c.special].filter(Boolean).length >= 3;
}
