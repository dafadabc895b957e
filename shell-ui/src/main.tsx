import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient, sessionStore } from '@volante/plugin-ui';
import '@volante/plugin-ui/styles.css';
import './styles/shell.css';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/routes';
import { createI18n } from './i18n';
import { createModuleLoader } from './modules/loader';
import { federationRuntime } from './modules/federation';

const i18n = createI18n();
const modules = createModuleLoader(federationRuntime);
document.documentElement.lang = i18n.language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders api={createApiClient({ store: sessionStore })} store={sessionStore} i18n={i18n} modules={modules}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
