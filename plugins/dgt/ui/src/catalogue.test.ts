import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { BOOK_STATUSES, ENTRY_STATUSES, EXAM_KINDS, FOLDER_STATUSES, LICENCES, REPORT_TABS, RESULTS, reportTabOf } from './lists';
import { BOOK_FIELDS } from './components/BookForm';
import { ENTRY_FIELDS } from './components/EntryForm';
import { FOLDER_FIELDS } from './components/FolderForm';
import dgt from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);

describe('the dgt remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, seven routes behind the dgt permission', () => {
    expect(isVolanteModule(dgt)).toBe(true);
    expect(dgt.id).toBe('dgt');
    expect(dgt.namespace).toBe('dgt');
    expect(resources.en).toEqual({});
    expect(dgt.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/dgt/book/register/list/:new_book', 'dgt'],
      ['/dgt/book/register/view/:dgt_book_register_id/:new_student', 'dgt'],
      ['/dgt/folder/list', 'dgt'],
      ['/dgt/folder/view/:dgt_folder_id', 'dgt'],
      ['/dgt/folder/tax/list', 'dgt'],
      ['/dgt/folder/solicitud_pruebas_aptitud', 'dgt'],
      ['/dgt/convocatoriasreport/:show_tab', 'dgt'],
    ]);
    expect([lookup('menu.books'), lookup('menu.folders'), lookup('menu.report'), lookup('menu.taxes')]).toEqual([
      'Libros de registro', 'Carpetas de examen', 'Informe de exámenes', 'Tasas de la DGT',
    ]);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu labels", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "dgt"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "dgt:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.books', 'menu.folders', 'menu.report', 'menu.taxes']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(dgt.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(8);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const families: Record<string, readonly string[]> = {
      result: RESULTS,
      resultPlural: RESULTS,
      examKind: EXAM_KINDS,
      folderStatus: FOLDER_STATUSES,
      entryStatus: ENTRY_STATUSES,
      bookStatus: BOOK_STATUSES,
      'books.filters.statuses': BOOK_STATUSES,
      'books.fields': BOOK_FIELDS,
      'entries.fields': ENTRY_FIELDS,
      'folders.fields': FOLDER_FIELDS,
      'taxes.fields': ['type_code', 'name', 'description', 'amount'],
      'folderStudents.fields': ['tax_id', 'tax_number', 'notes'],
      folderStudents: ['count'],
      'report.tabs': REPORT_TABS,
    };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    // the brief's Spanish names of the fixed lists
    expect(RESULTS.map((r) => lookup(`result.${r}`))).toEqual(['Pendiente', 'Apto', 'No apto', 'No presentado']);
    expect(EXAM_KINDS.map((k) => lookup(`examKind.${k}`))).toEqual(['Teórico', 'Circuito cerrado', 'Circulación']);
    expect(FOLDER_STATUSES.map((s) => lookup(`folderStatus.${s}`))).toEqual(['Abierta', 'Presentada', 'Cerrada']);
    expect(ENTRY_STATUSES.map((s) => lookup(`entryStatus.${s}`))).toEqual(['En formación', 'Permiso expedido', 'Baja']);
    expect(REPORT_TABS.map((tab) => lookup(`report.tabs.${tab}`))).toEqual(['Centros', 'Convocatorias']);
    // an unknown tab shows the first
    expect([reportTabOf('convocatorias'), reportTabOf('informe'), reportTabOf(undefined)]).toEqual(['convocatorias', 'centros', 'centros']);
    expect(LICENCES).toEqual(['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV']);
  });
});
