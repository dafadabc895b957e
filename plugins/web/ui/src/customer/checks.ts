/** What the customer area checks before sending (the host checks again, and its messages win). */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as the kit's forms accept it (the host is stricter). */
export const looksLikeEmail = (text: string) => EMAIL.test(text.trim());

/** A line's quantity typed as text: a whole number from `min` to `max`, else null. */
export function quantityOf(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}
