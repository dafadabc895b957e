/**
 * Errors of the API envelope.
 *
 * The host answers `{success:false, error}`: for reads (GET) `error` is one {code, data, details}
 * object, for writes (POST) it is a list of them. Failures raised in the browser (no stored token,
 * transport failure) are single objects. Callers that only want "the codes" use `errorList`.
 */
export interface ApiErrorItem {
  code: string;
  data: unknown;
  details: string;
}

/** What an API promise rejects with: the server's error (object or list) or a local one. */
export type ApiFailure = ApiErrorItem | ApiErrorItem[];

export const ErrorCodes = {
  /** No stored token on a protected call (raised locally), or the host did not accept it. */
  SESSION_INVALID: 'SESSION-000',
  /** Network or transport failure (raised locally): data is null, details carry the cause. */
  NETWORK: 'REQ-100',
} as const;

/** Answers of `user/update` that force a logout and a reload. */
export const FORCED_LOGOUT_CODES: readonly string[] = ['SESSION-001', 'SESSION-001-0', 'SESSION-001-1'];

export function isApiErrorItem(value: unknown): value is ApiErrorItem {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/** Any rejection as a list of envelope errors (a thrown `Error` becomes one REQ-100 item). */
export function errorList(failure: unknown): ApiErrorItem[] {
  if (Array.isArray(failure)) return failure.filter(isApiErrorItem);
  if (isApiErrorItem(failure)) return [failure];
  return [{ code: ErrorCodes.NETWORK, data: null, details: failure instanceof Error ? failure.message : String(failure) }];
}

export function errorCodes(failure: unknown): string[] {
  return errorList(failure).map((e) => e.code);
}

export function hasErrorCode(failure: unknown, ...codes: string[]): boolean {
  return errorCodes(failure).some((code) => codes.includes(code));
}

export function sessionInvalid(): ApiErrorItem {
  return { code: ErrorCodes.SESSION_INVALID, data: null, details: 'Invalid session' };
}

export function networkFailure(cause: unknown): ApiErrorItem {
  return {
    code: ErrorCodes.NETWORK,
    data: null,
    details: cause instanceof Error ? cause.message : String(cause),
  };
}
