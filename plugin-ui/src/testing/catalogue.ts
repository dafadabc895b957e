/**
 * Checks of a module's i18n catalogue against its components: every literal key a component
 * passes to `t('…')` has a message, and no message is empty.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The message at a dotted key (`list.columns.code`), or undefined. */
export function catalogueLookup(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

/** Whether `key` has a message (i18next plurals: `key_other` answers for `key`). */
export function hasMessage(catalogue: unknown, key: string): boolean {
  return typeof catalogueLookup(catalogue, key) === 'string' || typeof catalogueLookup(catalogue, `${key}_other`) === 'string';
}

/** `file: key` for each literal `t('key')` of `files` without a message in `catalogue`. */
export function missingKeys(files: string[], catalogue: unknown, root: string): string[] {
  const missing: string[] = [];
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([A-Za-z0-9_.-]+)['"]/g)) {
      if (!hasMessage(catalogue, match[1])) missing.push(`${relative(root, file)}: ${match[1]}`);
    }
  }
  return missing;
}

/** The dotted keys whose message is empty or blank. */
export function emptyMessages(catalogue: unknown): string[] {
  const empty: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (!node.trim()) empty.push(path);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  walk(catalogue, '');
  return empty;
}
