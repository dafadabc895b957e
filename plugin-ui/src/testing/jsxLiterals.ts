/**
 * Finds user-facing literal text in JSX: text children, `{'string'}` children and string values
 * of user-facing attributes (placeholder, title, alt, aria-label…). Text without letters
 * (punctuation, arrows, ×) is allowed. Used by tests that keep every visible string in the
 * i18n catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const USER_FACING_ATTRIBUTES = [
  'placeholder',
  'title',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-placeholder',
  'data-tooltip',
];

export interface JsxLiteral {
  file: string;
  line: number;
  text: string;
}

const HAS_LETTER = /\p{L}/u;

export function findJsxLiterals(source: string, file = 'file.tsx'): JsxLiteral[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: JsxLiteral[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!HAS_LETTER.test(trimmed)) return;
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const e = node.expression;
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(node, e.text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (USER_FACING_ATTRIBUTES.includes(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(node, init.text);
        else if (ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))) {
          report(node, init.expression.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every `.tsx` under `dir`, tests excluded. */
export function componentFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'testing') out.push(...componentFiles(path));
    } else if (name.endsWith('.tsx') && !/\.(test|spec)\.tsx$/.test(name)) {
      out.push(path);
    }
  }
  return out.sort();
}

export function scanJsxLiterals(dir: string): JsxLiteral[] {
  return componentFiles(dir).flatMap((file) => findJsxLiterals(readFileSync(file, 'utf8'), relative(dir, file)));
}
