// The federation runtime of the production build (originjs). Only main.tsx imports this file:
// the virtual module exists in vite builds with the federation plugin, not under vitest.
import {
  __federation_method_getRemote,
  __federation_method_setRemote,
  __federation_method_unwrapDefault,
} from 'virtual:__federation__';
import type { FederationRuntime } from './loader';

export const federationRuntime: FederationRuntime = {
  setRemote: (name, config) => __federation_method_setRemote(name, config),
  getRemote: (name, exposed) => __federation_method_getRemote(name, exposed),
  unwrapDefault: (module) => __federation_method_unwrapDefault(module),
};
