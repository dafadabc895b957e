import type { Plugin, UserConfig } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

/** Taken from the shell at run time, never bundled in a remote. */
export declare const SHARED: string[];
/** Rewrites originjs' backticked `__v__css__…` placeholders as quoted strings (workaround 2). */
export declare function quoteCssPlaceholders(): Plugin;
/** The build of the remote `name` (plugin.toml `[ui] remote`), exposing `./routes` from `src/module.tsx`. */
export declare function remoteConfig(name: string): UserConfig;
/** Page tests of a remote: jsdom and the kit's set-up. */
export declare function remoteTestConfig(): ViteUserConfig;
