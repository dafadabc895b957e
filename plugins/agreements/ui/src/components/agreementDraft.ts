/**
 * An agreement's form as it is held (placements as typed, in percent) and the body it sends
 * (placements in fractions of the page).
 */
import type { Agreement, AgreementFields } from '../api';
import { MAX_VARIABLES, PLACEMENT_FIELDS, type PlacementField } from '../lists';
import { placementBody, placementDraft, placementProblems, type PlacementDraft, type PlacementProblem } from '../format';

/** The form's tabs: the agreement's data, and the variables placed on its PDF. */
export const TABS = ['data', 'variables'] as const;
export type Tab = (typeof TABS)[number];

export const DATA_FIELDS = ['type', 'name', 'description', 'cover_file_id', 'pdf_file_id', 'dgt_register'] as const;

/** The name the host gives a placement's field. */
export const placementField = (index: number, field: PlacementField) => `variables[${index}].${field}`;

/** Every field a host error may name: the data, `variables`, and each placement's (up to the host's limit). */
export const AGREEMENT_FIELDS: readonly string[] = [
  ...DATA_FIELDS,
  'variables',
  ...Array.from({ length: MAX_VARIABLES }, (_, i) => PLACEMENT_FIELDS.map((f) => placementField(i, f))).flat(),
];

/** The tab a field is on. */
export const tabOf = (field: string): Tab => (field.startsWith('variables') ? 'variables' : 'data');

/** The agreement's fields, with the placements as typed instead of `variables`. */
export interface AgreementDraft extends Omit<AgreementFields, 'variables'> {
  /** The PDF's name once one is uploaded here (the agreement answers only its id). */
  pdf_name: string | null;
  placements: PlacementDraft[];
}

export function agreementDraft(agreement: Agreement | null): AgreementDraft {
  return {
    type: agreement?.type ?? '',
    name: agreement?.name ?? '',
    description: agreement?.description ?? '',
    cover_file_id: agreement?.cover_file_id ?? null,
    pdf_file_id: agreement?.pdf_file_id ?? null,
    pdf_name: null,
    dgt_register: agreement?.dgt_register ?? false,
    placements: (agreement?.variables ?? []).map((p, i) => placementDraft(p, i + 1)),
  };
}

/** The body to send, or null without a name. Placements that are wrong are left to `draftProblems`. */
export function agreementBody(draft: AgreementDraft): AgreementFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return {
    type: draft.type,
    name,
    description: draft.description.trim(),
    cover_file_id: draft.cover_file_id,
    pdf_file_id: draft.pdf_file_id,
    variables: draft.placements.map(placementBody).filter((p) => p !== null),
    dgt_register: draft.dgt_register,
  };
}

export type DraftProblem = 'type' | PlacementProblem;

/** What is wrong before sending, by field (`type`, `variables[i].x`…); `pages`: the PDF's, when known. */
export function draftProblems(draft: AgreementDraft, pages: number | null): Record<string, DraftProblem> {
  const problems: Record<string, DraftProblem> = {};
  if (!draft.type) problems.type = 'type';
  draft.placements.forEach((p, i) => {
    for (const [field, problem] of Object.entries(placementProblems(p, pages))) problems[placementField(i, field as PlacementField)] = problem;
  });
  return problems;
}
