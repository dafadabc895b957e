import type { Kind } from './api';

/** The plugin's UI routes (plugin.toml [ui] routes), under the provider's prefix as the spec's. */
export const BASE_PATH = '/facilauto/consulting';

/** Each kind's route parameter (`/facilauto/consulting/centros/view/{centro_id}`). */
export const ROUTE_PARAMS: Record<Kind, string> = {
  centros: 'centro_id',
  empresas: 'empresa_id',
  trabajadores: 'trabajador_id',
  cursos: 'curso_id',
};

export const listPath = (kind: Kind) => `${BASE_PATH}/${kind}`;
/** 0: a new one. */
export const viewPath = (kind: Kind, id: number) => `${BASE_PATH}/${kind}/view/${id}`;
/** The route as the module declares it (`:centro_id`). */
export const viewRoute = (kind: Kind) => `${BASE_PATH}/${kind}/view/:${ROUTE_PARAMS[kind]}`;
