/**
 * The plugin's fixed values (README): the permission, the licence classes, the languages and the
 * choices the screens offer. Their Spanish names are in the catalogue.
 */
import type { DoubtStatus, EvolutionGroup, Language, SearchMode, StudentStatus, TestKind } from './api';

/** The service and permission every call and screen needs (plugin.toml). */
export const PERMISSION = 'valkiria';

/** The spec's 18 licence classes, in its order. */
export const LICENCES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'] as const;
/** The bank a screen opens on. */
export const DEFAULT_LICENCE = 'B';

/** The languages a question is translated into (co-official, then those the DGT examines in). */
export const TRANSLATION_LANGUAGES: Language[] = ['ca', 'eu', 'gl', 'en', 'fr', 'de'];
/** The languages a test is taken in: Spanish first. */
export const TEST_LANGUAGES: Language[] = ['es', ...TRANSLATION_LANGUAGES];

export const SEARCH_MODES: SearchMode[] = ['text', 'reference', 'block', 'failed'];
export const TEST_KINDS: TestKind[] = ['block', 'exam'];
/** The students list's status filter: '' is every student. */
export const STUDENT_STATUSES: ('' | StudentStatus)[] = ['', 'active', 'expired'];
/** The doubts' status filter, unread first (the list opens on it); '' is every live doubt. */
export const DOUBT_STATUSES: ('' | DoubtStatus)[] = ['unread', 'read', 'answered', 'unanswered', ''];
export const DEFAULT_DOUBT_STATUS: DoubtStatus = 'unread';
export const EVOLUTION_GROUPS: EvolutionGroup[] = ['week', 'day', 'month'];
/** The expiries screen's window, in days. */
export const EXPIRY_WINDOWS = [7, 15, 30, 60];
export const DEFAULT_EXPIRY_WINDOW = 30;

/** A question has 2 to 4 answers. */
export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 4;
/** A test has 1 to 60 questions and gives 1 to 180 minutes (defaults 3 errors, 30 minutes). */
export const MAX_TEST_QUESTIONS = 60;
export const MIN_MINUTES = 1;
export const MAX_MINUTES = 180;
export const DEFAULT_MAX_ERRORS = 3;
export const DEFAULT_MINUTES = 30;
/** A renewal counts 1 to 36 months. */
export const MIN_MONTHS = 1;
export const MAX_MONTHS = 36;
export const DEFAULT_MONTHS = 6;
/** An enrolment lets each test be repeated 0 to 99 times (none: no limit). */
export const MIN_REPETITIONS = 0;
export const MAX_REPETITIONS = 99;

/** The host's limits on text (README "Records"). */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 2000;
export const MAX_REFERENCE = 30;
export const MAX_STATEMENT = 1000;
export const MAX_ANSWER = 500;
export const MAX_EXPLANATION = 2000;
/** A doubt's text and its answer (README "Records": doubt). */
export const MAX_DOUBT = 2000;
export const MAX_DOUBT_ANSWER = 4000;

/** The most questions a finder shows, and the students per page. */
export const FINDER_LIMIT = 20;
export const STUDENTS_PER_PAGE = 25;
/** How much of a statement or a doubt a list shows. */
export const SHORT_STATEMENT = 90;
export const SHORT_DOUBT = 160;

/** Answers are lettered a, b, c, d. */
export const ANSWER_LETTERS = ['a', 'b', 'c', 'd'];

/** Why a student's page at home cannot show their tests: an unknown link, one no longer valid, the access refused now, or the service gone. */
export type OnlineClosed = 'unknown' | 'revoked' | 'access' | 'unavailable';
export const ONLINE_CLOSED: OnlineClosed[] = ['unknown', 'revoked', 'access', 'unavailable'];
