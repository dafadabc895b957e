import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { STATE_FILTERS } from './lists';
import { DOCUMENT_FIELDS } from './components/DocumentForm';
import { NOTE_FIELDS } from './components/NoteForm';
import notes from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

describe('the notes remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, two routes behind the note permission', () => {
    expect(isVolanteModule(notes)).toBe(true);
    expect(notes.id).toBe('notes');
    expect(notes.namespace).toBe('notes');
    expect(resources.en).toEqual({});
    expect(notes.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/notes_documents/list', 'note'],
      ['/notes_documents/view/:note_document_id', 'note'],
    ]);
    expect(lookup('menu.notes')).toBe('Notas y documentos');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu label", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "notes"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "notes:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.notes']);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(notes.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // every menu entry opens one of the routes, behind the routes' permission
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = notes.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
    expect([...ui.matchAll(/permission = "([\w.]+)"/g)].map((m) => m[1])).toEqual(['note']);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(5);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text', () => {
    const keys = [
      ...STATE_FILTERS.map((s) => `documents.filters.states.${s || 'live'}`),
      ...DOCUMENT_FIELDS.map((f) => `documents.fields.${f}`),
      ...NOTE_FIELDS.map((f) => `notes.fields.${f}`),
      'groups.documents',
      'groups.delete.released',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(STATE_FILTERS.map((s) => lookup(`documents.filters.states.${s || 'live'}`))).toEqual(['Activos', 'Eliminados', 'Todos']);
  });
});
