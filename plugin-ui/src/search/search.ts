/** Search rules (driving-school §5): trim, minimum 2 characters, cleared when emptied. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * The query to search for: the trimmed text when long enough, '' when emptied (clear the
 * search), or null when too short to search.
 */
export function searchQuery(raw: string, minLength = SEARCH_MIN_LENGTH): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  return [...trimmed].length >= minLength ? trimmed : null;
}
