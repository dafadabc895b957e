/**
 * The plugin's three kinds of course (README): one shape of calls under three prefixes, each with
 * its service and permission, its categories and its routes. The screens are the same for the
 * three, parameterised by the kind.
 */
export type Kind = 'course' | 'permit_a' | 'points_recovery';

export type Category = 'cap_initial' | 'cap_continuous' | 'dangerous_goods' | 'fundae' | 'other' | 'permit_a' | 'partial' | 'total';

export interface KindSpec {
  kind: Kind;
  /** The API prefix of the kind's calls (`course/read`, `cursopermiso/a/read`…). */
  prefix: string;
  /** The service and permission every call of the kind needs (the route's permission). */
  permission: string;
  /** The kind's categories, the default first. */
  categories: Category[];
  /** The first segment of its UI routes (`/course/list`, `/course/view/:course_id`). */
  base: string;
  /** The view route's parameter. */
  param: string;
}

export const KINDS: Record<Kind, KindSpec> = {
  course: {
    kind: 'course',
    prefix: 'course/',
    permission: 'course',
    categories: ['cap_initial', 'cap_continuous', 'dangerous_goods', 'fundae', 'other'],
    base: '/course',
    param: 'course_id',
  },
  permit_a: {
    kind: 'permit_a',
    prefix: 'cursopermiso/a/',
    permission: 'permisoa',
    categories: ['permit_a'],
    base: '/permisoa',
    param: 'curso_permiso_a_id',
  },
  points_recovery: {
    kind: 'points_recovery',
    prefix: 'recuperacionpuntos/',
    permission: 'recuperacionpuntos',
    categories: ['partial', 'total'],
    base: '/recuperacionpuntos',
    param: 'recuperacionpuntos_id',
  },
};

export const KIND_IDS: Kind[] = ['course', 'permit_a', 'points_recovery'];

/** Every category, in the order the README lists them. */
export const CATEGORIES: Category[] = KIND_IDS.flatMap((k) => KINDS[k].categories);

/** Sees every branch's courses (else, limited to a branch, only that branch's). */
export const ALL_BRANCHES_PERMISSION = 'courses.all_branches';

export const listPath = (kind: Kind) => `${KINDS[kind].base}/list`;
export const viewPath = (kind: Kind, id: number) => `${KINDS[kind].base}/view/${id}`;

/** The legal durations of a points-recovery course when `hours` is left empty (README). */
export const LEGAL_HOURS: Partial<Record<Category, number>> = { partial: 12, total: 24 };
