import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import notes from '../module';

/** The demo director (`super`: every permission, user 2) with the note service. */
export const director = testDirector(['note']);

/** A teacher (user 7, Ana García) with `note` only: she changes her own notes and nobody else's. */
export const teacher: SessionUser = { ...director, user_id: 7, email: 'ana@autoescuela-demo.es', first_name: 'Ana', last_name: 'García', role: 'teacher', permissions: ['note'] };

/** A head of studies (user 8) with `note` and `note.manage`: every note is his to change. */
export const manager: SessionUser = { ...director, user_id: 8, email: 'luis@autoescuela-demo.es', first_name: 'Luis', last_name: 'Pérez', role: 'teacher', permissions: ['note', 'note.manage'] };

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(notes, path, { api, user, extra });
}
