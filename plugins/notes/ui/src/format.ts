import type { ApiErrorItem } from '@volante/plugin-ui';

/** A `#RGB` or `#RRGGBB` colour as `#rrggbb` (what a colour input takes); null when it is not one. */
export function fullHex(color: string): string | null {
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  return null;
}

/**
 * A group's chip colours: its colour behind, and dark or white text, whichever reads better on it
 * (relative luminance, WCAG). Null for a group without a colour (the plain badge look).
 */
export function chipStyle(color: string | null | undefined): { backgroundColor: string; color: string } | null {
  const hex = color ? fullHex(color) : null;
  if (!hex) return null;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast against white (1.05 / (L + 0.05)) against dark text ((L + 0.05) / 0.05)
  return { backgroundColor: hex, color: luminance > 0.179 ? '#181c32' : '#ffffff' };
}

/**
 * A refusal as the screens show it: the host's message, and the reason it gives apart
 * (`PERMISSION-000` of a note by someone else: "… : Solo el autor puede modificar o eliminar la nota").
 */
export function refusalText(item: ApiErrorItem): string {
  const reason = (item.data as { reason?: unknown } | null)?.reason;
  const parts = [item.details || item.code, typeof reason === 'string' ? reason : ''].filter(Boolean);
  return parts.join(': ');
}

/** The refusal's errors with the reason in their message (for `useFieldErrors().fail`). */
export function withReasons(items: ApiErrorItem[]): ApiErrorItem[] {
  return items.map((item) => ({ ...item, details: refusalText(item) }));
}
