import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, type ModuleRoute, type VolanteModule } from '@volante/plugin-ui';
import { Forbidden } from '../components/Forbidden';
import { Splash } from '../components/Splash';
import { SIGN_IN_PATH } from '../features/auth/useSignOut';
import { moduleForPath, useModules } from './ModulesContext';

/** A module's page under the layout, behind the route's permission (none for a public route). */
export function ModulePage({ module, route, open = false }: { module: VolanteModule; route: ModuleRoute; open?: boolean }) {
  const session = useSession();
  if (!open && route.permission && !session.can(route.permission)) return <Forbidden />;
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
  return <PendingModule otherwise={<Navigate to="/404" replace />} />;
}

/**
 * A signed-out path no route matched: the modules with public screens are listed (without a
 * token); while they are, or while the one that declares the path loads, wait (in the public
 * layout); when it failed, say so with a retry; any other path needs a session: sign-in,
 * remembering where the visitor was going. When the list itself could not be had, the page says
 * the server could not be reached, with a retry, instead.
 */
export function PublicModuleFallback() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { requestPublic, listFailed, refresh } = useModules();
  useEffect(requestPublic, [requestPublic]);
  // the host could not be asked: not a reason to send a signer to sign in
  const otherwise = listFailed ? (
    <div className="vk-alert vk-alert--danger" role="alert" data-testid="modules-offline">
      <p>{t('errors.offline')}</p>
      <button type="button" className="vk-btn vk-btn--primary" onClick={refresh}>
        {t('actions.retry')}
      </button>
    </div>
  ) : (
    <Navigate to={SIGN_IN_PATH} replace state={{ from: `${pathname}${search}` }} />
  );
  return <PendingModule otherwise={otherwise} />;
}

/** Waits for the modules list and the module that declares the path; `otherwise` when none does. */
function PendingModule({ otherwise }: { otherwise: ReactNode }) {
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
  return <>{otherwise}</>;
}
