import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { componentFiles, findJsxLiterals, scanJsxLiterals } from '../testing/jsxLiterals';
import { emptyMessages, missingKeys } from '../testing/catalogue';
import es from './es.json';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('no literal user-facing strings', () => {
  it('the scanner finds text, string children and user-facing attributes, and allows punctuation', () => {
    const found = findJsxLiterals(`
      export const A = () => (
        <div title="Hola" className="x" data-testid="y">
          Texto suelto
          {'otro'}
          {t('ok')}
          <input placeholder={'Buscar'} aria-label={t('x')} />
          <span>× · / ›</span>
        </div>
      );
    `);
    expect(found.map((f) => f.text)).toEqual(['Hola', 'Texto suelto', 'otro', 'Buscar']);
  });

  it('plugin-ui components have none', () => {
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has no empty messages', () => {
    expect(emptyMessages(es)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components and hooks use', () => {
    const files = [...componentFiles(src), resolve(src, 'record/useRecord.ts')];
    expect(files.length).toBeGreaterThan(15);
    expect(missingKeys(files, es, src)).toEqual([]);
  });
});
