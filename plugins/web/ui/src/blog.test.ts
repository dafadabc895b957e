import { describe, expect, it } from 'vitest';
import { excerpt, formatPublishAt, fromLocalInput, isFutureInput, parseTags, postParam, tagsText, toLocalInput } from './blog';
import { blogAddress } from './pages/CustomerBlogPage';

// vitest.config.ts runs the tests in Europe/Madrid: the browser's time is Spanish time here.
describe("the school's blog", () => {
  it('shows a post\'s instant in long Spanish form, in Madrid (winter and summer); nothing without one', () => {
    expect(formatPublishAt('2026-12-01T09:00:00Z')).toBe('1 de diciembre de 2026, 10:00');
    expect(formatPublishAt('2026-07-15T22:05:00Z')).toBe('16 de julio de 2026, 00:05');
    expect(formatPublishAt(null)).toBe('');
    expect(formatPublishAt('no es una fecha')).toBe('');
  });

  it('turns the datetime-local field (the browser\'s time) into the UTC instant the host takes, and back', () => {
    expect(fromLocalInput('2026-12-01T10:00')).toBe('2026-12-01T09:00:00.000Z');
    expect(fromLocalInput('2026-06-01T10:30')).toBe('2026-06-01T08:30:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('  ')).toBeNull();
    expect(toLocalInput('2026-12-01T09:00:00Z')).toBe('2026-12-01T10:00');
    expect(toLocalInput('2026-06-01T08:30:00Z')).toBe('2026-06-01T10:30');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput(fromLocalInput('2027-03-28T03:15'))).toBe('2027-03-28T03:15');
  });

  it('a date later than now schedules the post', () => {
    const now = Date.parse('2026-12-01T09:00:00Z');
    expect(isFutureInput('2026-12-01T10:01', now)).toBe(true);
    expect(isFutureInput('2026-12-01T10:00', now)).toBe(false);
    expect(isFutureInput('2026-11-30T23:00', now)).toBe(false);
    expect(isFutureInput('', now)).toBe(false);
  });

  it('reads the tags typed with commas as the host keeps them: trimmed, no empty ones, no repeats (case aside)', () => {
    expect(parseTags(' permiso B, examen,, Permiso b ,  teórica ')).toEqual(['permiso B', 'examen', 'teórica']);
    expect(parseTags('')).toEqual([]);
    expect(tagsText(['permiso B', 'examen'])).toBe('permiso B, examen');
    expect(tagsText(undefined)).toBe('');
  });

  it("takes a post's first paragraph, cut at a word past the limit", () => {
    expect(excerpt('Primero.\n\nSegundo.')).toBe('Primero.');
    expect(excerpt('Uno dos tres cuatro cinco', 14)).toBe('Uno dos tres…');
    expect(excerpt('')).toBe('');
  });

  it('reads the post an address opens, and writes the news\' addresses', () => {
    expect(postParam('7')).toBe(7);
    expect(postParam(' 12 ')).toBe(12);
    expect(postParam('new')).toBe('new');
    expect(postParam('0')).toBeNull();
    expect(postParam('7a')).toBeNull();
    expect(postParam(null)).toBeNull();
    expect(blogAddress({})).toBe('/layout/contact/blog');
    expect(blogAddress({ tag: 'permiso B', page: 2 })).toBe('/layout/contact/blog?tag=permiso+B&page=2');
    expect(blogAddress({ post: 7 })).toBe('/layout/contact/blog?post=7');
  });
});
