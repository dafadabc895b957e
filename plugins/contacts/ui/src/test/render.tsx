import type { ReactNode } from 'react';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import contacts from '../module';
import schemas from './contacts.schemas.json';

/**
 * The host's answer to `GET plugin/schemas?plugin_id=contacts` in tests: the `contact` and
 * `contact_dgt` schemas as the plugin generated them (a fixture; the e2e journeys use the real host's).
 */
export const publishedSchemas = schemas;

export const director = testDirector(['contacts']);

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host (which
 * serves the plugin's schemas unless the test answers `GET plugin/schemas` itself).
 */
export function renderModule(path: string, api: MockApi = mockApi(), extra?: ReactNode, user = director) {
  return renderModuleRoutes(contacts, path, { api, user, schemas: publishedSchemas, extra });
}
