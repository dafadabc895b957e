import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, type ModuleRoute, type VolanteModule } from '@volante/plugin-ui';
import { Forbidden } from '../components/Forbidden';
import { Splash } from '../components/Splash';
import { moduleForPath, useModules } from './ModulesContext';

/** A module's page under the layout, behind the route's permission. */
export function ModulePage({ module, route }: { module: VolanteModule; route: ModuleRoute }) {
  const session = useSession();
  if (route.permission && !session.can(route.permission)) return <Forbidden />;
  const Page = route.Component;
  return (
    <div className="module-page" data-module={module.id}>
      <Page />
    </div>
  );
}

/**
 * A signed-in path no route matched: while the modules are listed or a module that declares the
 * path is loading, wait; when that module failed, say so and offer a retry (the next navigation
 * retries too); anything else is a 404.
 */
export function ModuleFallback() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const modules = useModules();
  if (!modules.listed) return <Splash inline />;
  const owner = moduleForPath(modules.entries, pathname);
  if (owner?.status === 'loading') return <Splash inline />;
  if (owner?.status === 'failed') {
    return (
      <div className="vk-alert vk-alert--danger" role="alert" data-testid="module-failed">
        <p>{t('modules.failed', { name: owner.info.name })}</p>
        <button type="button" className="vk-btn vk-btn--primary" onClick={modules.refresh}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return <Navigate to="/404" replace />;
}
