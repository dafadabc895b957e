/** How the customer area shows an online course (`GET web/api/user/formative`). */
import { formatDate } from '@volante/plugin-ui';
import type { CustomerCourse } from '../api';

/** `YYYY-MM-DD`: a day as the formative module keeps an access's dates (no time, no zone). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as the area shows dates, `DD/MM/YYYY`. A plain day is shown as it comes (converting it
 * to an instant could move it to the day before); a full date-time goes through the kit's
 * `formatDate` (Madrid). '' when missing.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = DAY.exec(value.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : formatDate(value);
}

/**
 * The share of the course done, 0 to 100: the host's `progress`, or, when it gave none,
 * `floor(done × 100 / total)` as the formative module counts it (0 without lessons).
 */
export function courseProgress(course: Pick<CustomerCourse, 'progress' | 'done' | 'total'>): number {
  const given = Number.isFinite(course.progress) ? course.progress : course.total > 0 ? Math.floor((course.done * 100) / course.total) : 0;
  return Math.min(100, Math.max(0, Math.floor(given)));
}

/** The courses of an answer: a list, or none (an answer that is not one shows no course). */
export const coursesOf = (answer: unknown): CustomerCourse[] => (Array.isArray(answer) ? (answer as CustomerCourse[]) : []);
