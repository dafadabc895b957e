import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { TABS } from './lists';
import chat from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

/** The quoted paths of `name = [ … ]` in a TOML text. */
const pathsOf = (toml: string, name: string) => {
  const from = toml.slice(toml.search(new RegExp(`^${name} = \\[`, 'm')));
  return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
};
const declared = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the chat remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, three routes behind chat', () => {
    expect(isVolanteModule(chat)).toBe(true);
    expect(chat.id).toBe('chat');
    expect(chat.namespace).toBe('chat');
    expect(resources.en).toEqual({});
    expect(chat.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/apps/chat/all', 'chat'],
      ['/apps/chat/direct/:target/:id', 'chat'],
      ['/apps/chat/group/:id', 'chat'],
    ]);
    expect(lookup('menu.chat')).toBe('Chat');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and the menu entry", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "chat"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    expect([...manifest.matchAll(/label = "chat:([\w.]+)"/g)].map((m) => m[1])).toEqual(['menu.chat']);
    expect(chat.routes.map((r) => declared(r.path)).sort()).toEqual(pathsOf(ui, 'routes').sort());
    expect([...ui.matchAll(/^path = "(\/[^"]+)"/gm)].map((m) => m[1])).toEqual(['/apps/chat/all']);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text, and the spec texts are exact', () => {
    const keys = [...TABS.map((tab) => `tabs.${tab}`), 'overview.unread', 'groups.members'];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(TABS.map((tab) => lookup(`tabs.${tab}`))).toEqual(['Empleados', 'Contactos', 'Grupos']);
    expect([lookup('composer.sending'), lookup('composer.failed')]).toEqual(['Enviando...', 'Error al enviar']);
    expect([lookup('invitation.title'), lookup('invitation.join'), lookup('invitation.decline')]).toEqual(['Te han invitado a este grupo', 'Unirse', 'Rechazar']);
    expect([lookup('groups.new'), lookup('group.invite'), lookup('group.leave.action'), lookup('conversation.loadOlder'), lookup('composer.send')]).toEqual([
      'Nuevo grupo',
      'Invitar',
      'Salir del grupo',
      'Cargar anteriores',
      'Enviar',
    ]);
  });
});
