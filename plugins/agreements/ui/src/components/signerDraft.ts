/**
 * The signing page's form: which of the signer's fields it asks for, the guardian rule, and the
 * body it sends.
 */
import type { SignBody, Signer, SigningView } from '../api';
import { ALWAYS_ASKED, GUARDIAN_FIELDS, SIGNER_FIELDS, type SignerField } from '../lists';
import { isMinor } from '../format';

export const SIGN_FIELDS = [...SIGNER_FIELDS, 'signature'] as const;

export interface SignerDraft extends Signer {
  /** The drawn signature as a PNG data URL; null while nothing is drawn. */
  signature: string | null;
  /** The signer adds a parent or guardian though not a minor (always possible). */
  withGuardian: boolean;
}

export function signerDraft(view: SigningView): SignerDraft {
  const signer = Object.fromEntries(SIGNER_FIELDS.map((f) => [f, view.signer?.[f] ?? ''])) as Signer;
  return { ...signer, signature: null, withGuardian: false };
}

/** The signer's own fields the page asks for: name and document always, then what the template prints (and a known birthday, so that it can be put right). */
export function askedFields(view: SigningView): SignerField[] {
  return SIGNER_FIELDS.filter(
    (f) => !GUARDIAN_FIELDS.includes(f) && (ALWAYS_ASKED.includes(f) || view.fields.includes(f) || (f === 'birthday' && !!view.signer?.birthday)),
  );
}

/** Whether the guardian's fields show: a minor signs, the template prints them, or the signer adds them. */
export function guardianShown(view: SigningView, draft: SignerDraft): boolean {
  return draft.withGuardian || isMinor(draft.birthday, view.guardian_below) || view.fields.some((f) => GUARDIAN_FIELDS.includes(f));
}

export type SignProblem = 'signature' | 'required' | 'guardianName' | 'guardianDocument';

/**
 * What the page refuses before sending, by field: an empty signature, a required field left
 * empty (the asked ones), and, for a signer younger than `guardian_below`, the guardian's name
 * and document. The host checks the rest (the DNI's letter, the dates).
 */
export function signProblems(view: SigningView, draft: SignerDraft): Partial<Record<(typeof SIGN_FIELDS)[number], SignProblem>> {
  const problems: Partial<Record<(typeof SIGN_FIELDS)[number], SignProblem>> = {};
  for (const field of askedFields(view)) {
    if ((ALWAYS_ASKED.includes(field) || view.fields.includes(field)) && !draft[field].trim()) problems[field] = 'required';
  }
  if (isMinor(draft.birthday, view.guardian_below)) {
    if (!draft.guardian_name.trim()) problems.guardian_name = 'guardianName';
    if (!draft.guardian_document.trim()) problems.guardian_document = 'guardianDocument';
  }
  if (!draft.signature) problems.signature = 'signature';
  return problems;
}

/** What `agreement/request/sign` gets: the reference, the PNG, and the signer's fields trimmed. */
export function signBody(reference: string, draft: SignerDraft): SignBody {
  const signer = Object.fromEntries(SIGNER_FIELDS.map((f) => [f, draft[f].trim()])) as Signer;
  return { reference, signature: draft.signature ?? '', signer };
}
