import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import billing from '../module';
import schemas from './billing.schemas.json';

/**
 * The host's answer to `GET plugin/schemas?plugin_id=billing` in tests: the schemas as the
 * plugin generated them (a fixture; the e2e journeys use the real host's).
 */
export const publishedSchemas = schemas;

/** The demo director (`super`), with billing and contacts (the editors' contact finder). */
export const director = testDirector(['billing', 'contacts']);

/** The module's routes as the shell mounts them, with the kit's providers and a fake host (signed in as `user`, the director by default). */
export function renderModule(path: string, api: MockApi = mockApi(), extra?: ReactNode, user: SessionUser = director) {
  return renderModuleRoutes(billing, path, { api, user, schemas: publishedSchemas, extra });
}
