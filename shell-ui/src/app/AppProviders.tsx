import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import {
  ApiProvider,
  ConfirmProvider,
  RealtimeProvider,
  SessionProvider,
  ToastProvider,
  type ApiClient,
  type RealtimeConnect,
  type SessionStore,
} from '@volante/plugin-ui';
import { ShellConfigContext, defaultShellConfig, type ShellConfig } from './ShellConfig';
import { ExternalSignInContext, browserExternalSignIn, type ExternalSignIn } from '../features/auth/externalProviders';
import { ModuleLoaderProvider } from '../modules/ModulesContext';
import { unavailableLoader, type ModuleLoader } from '../modules/loader';

export interface AppProvidersProps {
  api: ApiClient;
  store: SessionStore;
  i18n: I18n;
  config?: ShellConfig;
  external?: ExternalSignIn;
  /** Loads plugin remotes (the federation runtime in the app, a fake in tests). */
  modules?: ModuleLoader;
  /**
   * Opens the realtime stream (`GET /api/realtime`): the browser's EventSource by default (none
   * where there is no EventSource, as in jsdom), a fake in tests (`mockRealtime().connect`).
   */
  realtime?: RealtimeConnect;
  children: ReactNode;
}

/** Everything a page needs around it; the app and the tests build the same tree. */
export function AppProviders({ api, store, i18n, config = defaultShellConfig, external = browserExternalSignIn, modules = unavailableLoader, realtime, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ShellConfigContext.Provider value={config}>
        <ApiProvider client={api}>
          <SessionProvider store={store}>
            <RealtimeProvider connect={realtime}>
              <ExternalSignInContext.Provider value={external}>
                <ModuleLoaderProvider value={modules}>
                  <ToastProvider>
                    <ConfirmProvider>{children}</ConfirmProvider>
                  </ToastProvider>
                </ModuleLoaderProvider>
              </ExternalSignInContext.Provider>
            </RealtimeProvider>
          </SessionProvider>
        </ApiProvider>
      </ShellConfigContext.Provider>
    </I18nextProvider>
  );
}
