import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { CUSTOMER_PATHS, CUSTOMER_SCREENS } from '../lists';
import { carriesCredentials, customerApi, customerStore, takeCredentials, type CustomerApi, type CustomerCredentials } from './session';
import { LegalFooter } from './LegalFooter';

/** The stored credentials, read again whenever they change (a purge re-renders the page). */
export function useCustomerCredentials(): CustomerCredentials {
  const snapshot = useSyncExternalStore(customerStore.subscribe, customerStore.snapshot);
  return useMemo(() => {
    const [key, token] = snapshot.split('\n');
    return { key: key || null, token: token || null };
  }, [snapshot]);
}

/** The customer area's calls over the shell's API client. */
export function useCustomerApi(): CustomerApi {
  const client = useApi();
  return useMemo(() => customerApi(client), [client]);
}

export interface CustomerAreaProps {
  /**
   * Whether the page needs the customer signed in (every page but the dashboard, which shows the
   * access form, and the new order, which a guest may place).
   */
  requireSignIn?: boolean;
  /** The page, drawn once there is a key (and a token when `requireSignIn`). */
  children(area: { api: CustomerApi; signedIn: boolean }): ReactNode;
}

/**
 * The frame of every customer-area page: it takes the `key` and `token` the address brings
 * (saved, then out of the address bar with a history replace), says the area is entered from the
 * school's web site when there is no key (and calls nothing), asks to sign in when the page needs
 * it, and above a signed-in page shows the area's navigation with "Cerrar sesión". Under the page
 * (the dashboard's access form, a guest's new order, or a signed-in page), the footer with the
 * school's legal texts.
 */
export function CustomerArea({ requireSignIn = true, children }: CustomerAreaProps) {
  const { t } = useTranslation(NAMESPACE);
  const location = useLocation();
  const navigate = useNavigate();
  const api = useCustomerApi();
  const { key, token } = useCustomerCredentials();
  const linked = carriesCredentials(location.search);

  // a passive effect: the router listens to the history from its own layout effect, which runs
  // after its children's on the first render (a page already loaded would navigate unheard)
  useEffect(() => {
    if (!linked) return;
    const search = takeCredentials(location.search);
    navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, [linked, location.pathname, location.search, location.hash, navigate]);

  // the address still carries credentials: nothing is asked before they are saved
  if (linked) return null;
  if (!key) {
    return (
      <section className="card web-customer__notice" data-testid="customer-no-key">
        <h1 className="web-customer__title">{t('customer.title')}</h1>
        <p>{t('customer.noKey')}</p>
      </section>
    );
  }
  if (!token && requireSignIn) {
    return (
      <section className="card web-customer__notice" data-testid="customer-signed-out">
        <h1 className="web-customer__title">{t('customer.signedOut.title')}</h1>
        <p>{t('customer.signedOut.message')}</p>
        <Link className="vk-btn vk-btn--primary" to={CUSTOMER_PATHS.dashboard}>
          {t('customer.signedOut.action')}
        </Link>
      </section>
    );
  }
  return (
    <div className="web-customer" data-testid="customer-area">
      {token && <CustomerNav api={api} />}
      {children({ api, signedIn: !!token })}
      <LegalFooter api={api} />
    </div>
  );
}

/** The area's six screens (the news too) and "Cerrar sesión" (`user/logout`; signed out whatever it answers). */
function CustomerNav({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    await api.logout();
    navigate(CUSTOMER_PATHS.dashboard);
  }

  return (
    <nav className="web-customer__nav" aria-label={t('customer.nav.label')}>
      <ul className="web-customer__links">
        {CUSTOMER_SCREENS.map((screen) => (
          <li key={screen}>
            <NavLink className="web-customer__link" to={CUSTOMER_PATHS[screen]} end>
              {t(`customer.nav.${screen}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void signOut()}>
        {busy ? t('customer.nav.signingOut') : t('customer.nav.signOut')}
      </button>
    </nav>
  );
}
