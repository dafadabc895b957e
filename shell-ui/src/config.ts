/** The shell's constants (spec general §9) and build-time settings (`VITE_*`). */

/** Minutes of inactivity before the lock screen (default 15). */
export const LOCK_IDLE_MINUTES = positive(import.meta.env.VITE_LOCK_IDLE_MINUTES, 15);
/** A lazily loaded page that has not arrived by then is reported as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** The page scrolls to the top this long after a navigation. */
export const SCROLL_TOP_DELAY_MS = 100;
export const TOOLBAR_HEIGHT_PX = 55;
export const DEFAULT_LANGUAGE = 'es';
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** External sign-in: enabled when the provider's public client id is set at build time. */
export const GOOGLE_CLIENT_ID: string = import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '';
export const FACEBOOK_APP_ID: string = import.meta.env.VITE_FACEBOOK_APP_ID ?? '';

function positive(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
