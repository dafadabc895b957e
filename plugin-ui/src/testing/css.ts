/**
 * Checks of a stylesheet's text, for what a test in jsdom cannot see drawn (print styles).
 */

/**
 * The selectors of the rules inside `css`'s `@media print` blocks, one by one (`a, b` gives two;
 * a comma inside `:not(…)` or `:has(…)` does not split), comments left out. For a test that the
 * print styles reach only the pages they are meant for.
 */
export function printSelectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors: string[] = [];
  for (const media of text.matchAll(/@media\s+print\s*\{/g)) {
    const open = media.index + media[0].length;
    // the block, up to its closing brace
    let depth = 1;
    let end = open;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
    }
    if (depth > 0) throw new Error('printSelectors: an @media print block is not closed');
    for (const rule of text.slice(open, end - 1).matchAll(/([^{}]+)\{[^{}]*\}/g)) {
      selectors.push(...rule[1].split(/,(?![^(]*\))/).map((s) => s.trim()));
    }
  }
  return selectors;
}
