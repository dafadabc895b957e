import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config';

/** `React.lazy` that gives up after the spec's chunk time-out (120 s) instead of waiting forever. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs = CHUNK_TIMEOUT_MS) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
