import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { KINDS, STATE_FILTERS, STATUSES } from './lists';
import { TEMARY_FIELDS } from './components/TemaryForm';
import { FILE_ERRORS } from './components/MediaPanel';
import { MEDIA_KINDS } from './api';
import { CHILD_FIELDS } from './components/ChildForm';
import temary from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

describe('the temary remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, four routes behind the temary permission', () => {
    expect(isVolanteModule(temary)).toBe(true);
    expect(temary.id).toBe('temary');
    expect(temary.namespace).toBe('temary');
    expect(resources.en).toEqual({});
    expect(temary.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/temary/list', 'temary'],
      ['/temary/create/:temary_id', 'temary'],
      ['/temary/theme/create/:theme_id/:temary_id', 'temary'],
      ['/temary/subtheme/create/:subtheme_id/:theme_id/:temary_id', 'temary'],
    ]);
    expect(lookup('menu.temary')).toBe('Temarios');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, menu label and permission", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "temary"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "temary:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.temary']);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(temary.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // every menu entry opens one of the routes, behind the routes' permission
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = temary.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
    expect([...ui.matchAll(/permission = "([\w.]+)"/g)].map((m) => m[1])).toEqual(['temary']);
    // every call the screens make needs that same permission
    expect([...manifest.matchAll(/permission = "([\w.]+)"/g)].every((m) => m[1] === 'temary')).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(8);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components and hooks use, none empty', () => {
    expect(missingKeys([...componentFiles(src), resolve(src, 'actions.ts')], es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text', () => {
    const perKind = ['empty', 'moveUp', 'moveDown', 'delete.named', 'delete.title', 'delete.question', 'delete.done'];
    const keys = [
      ...STATUSES.map((s) => `status.${s}`),
      ...STATUSES.map((s) => `temaries.status.to.${s}`),
      ...STATUSES.map((s) => `temaries.status.done.${s}`),
      ...STATE_FILTERS.map((s) => `temaries.filters.states.${s || 'live'}`),
      ...TEMARY_FIELDS.map((f) => `fields.${f}`),
      ...CHILD_FIELDS.map((f) => `fields.${f}`),
      ...KINDS.flatMap((kind) => perKind.map((k) => `${kind}.${k}`)),
      ...MEDIA_KINDS.flatMap((kind) => [...perKind.filter((k) => !k.startsWith('move')), 'title', 'list', 'add', 'addTitle', 'types', 'uploaded', 'openNamed'].map((k) => `${kind}.${k}`)),
      'sheet.moveUp', 'sheet.moveDown',
      ...FILE_ERRORS.map((code) => `media.errors.${code}`),
      // chosen by a condition
      'open', 'edit', 'theme.openNamed', 'theme.editNamed', 'subtheme.openNamed', 'subtheme.editNamed',
      'form.positionHint', 'form.newPositionHint', 'theme.deletedNotice', 'theme.temaryDeleted', 'subtheme.deletedNotice', 'subtheme.parentDeleted',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    // the spec's Spanish names
    expect(STATUSES.map((s) => lookup(`status.${s}`))).toEqual(['Desarrollo', 'Publicado']);
    expect(STATE_FILTERS.map((s) => lookup(`temaries.filters.states.${s || 'live'}`))).toEqual(['Activos', 'Eliminados', 'Todos']);
    expect(MEDIA_KINDS.map((k) => lookup(`${k}.title`))).toEqual(['Fichas', 'Vídeos']);
    expect(hasMessage(es, 'section.sheetsLater')).toBe(false);
  });
});
