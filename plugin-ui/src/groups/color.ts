/**
 * Group colours as the hosts store them (`#RGB` or `#RRGGBB`) and as the screens draw them: a
 * colour input's value, and a chip's background with text that reads on it.
 */

/** The colour a new group starts with (the kit's primary). */
export const DEFAULT_GROUP_COLOR = '#009ef7';

/** `#RGB` or `#RRGGBB` (any case, spaces around) as `#rrggbb`, what a colour input takes; null for anything else. */
export function hexColor(color: string | null | undefined): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((color ?? '').trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/** The relative luminance (WCAG 2) of a `#rrggbb` colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const linear = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
}

/**
 * A chip on a group's colour: the colour behind, and the kit's dark text or white, whichever
 * contrasts more with it. Null without a valid colour (the plain badge look).
 */
export function chipColors(color: string | null | undefined): { backgroundColor: string; color: string } | null {
  const hex = hexColor(color);
  if (!hex) return null;
  // contrast with white is 1.05 / (L + 0.05), with the dark text about (L + 0.05) / 0.05: equal at L ≈ 0.179
  return { backgroundColor: hex, color: luminance(hex) > 0.179 ? '#181c32' : '#ffffff' };
}
