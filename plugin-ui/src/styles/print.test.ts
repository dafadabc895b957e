import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSelectors } from '../testing/css';

const HIDE = 'body:has(.vk-printable) :not(:has(.vk-printable), .vk-printable, .vk-printable *)';

describe("the kit's print styles (vk-printable)", () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'kit.css'), 'utf8');
  const selectors = printSelectors(css);

  it('leave out what does not hold the sheet, and strip what holds it', () => {
    expect(selectors).toContain(HIDE);
    expect(selectors).toContain('body:has(.vk-printable)');
    expect(selectors).toContain('body:has(.vk-printable) :has(.vk-printable)');
    expect(selectors).toContain('.vk-printable *');
  });

  it("are scoped to a page with a sheet: no print rule reaches another module's page", () => {
    expect(selectors.length).toBeGreaterThan(3);
    expect(selectors.filter((s) => !s.startsWith('body:has(.vk-printable)') && !s.startsWith('.vk-printable'))).toEqual([]);
  });
});

describe('printSelectors', () => {
  it("gives each selector of every print block, not the screen's, with lists split outside parentheses", () => {
    const css = `
      .a { color: red; }
      @media (max-width: 960px) { .b { display: none; } }
      /* @media print { .commented { display: none; } } */
      @media print {
        body:has(.x) :not(:has(.x), .x, .x *) { display: none !important; }
        .x, .x * { visibility: visible; } /* a note */
      }
      @page sheet { size: A4; }
      @media print { .y { page: sheet; } }`;
    expect(printSelectors(css)).toEqual(['body:has(.x) :not(:has(.x), .x, .x *)', '.x', '.x *', '.y']);
    expect(printSelectors('.a { color: red; }')).toEqual([]);
    expect(() => printSelectors('@media print { .a { color: red; }')).toThrow('not closed');
  });
});
