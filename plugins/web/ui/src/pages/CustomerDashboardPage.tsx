import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, errorList, useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { CUSTOMER_PATHS } from '../lists';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';
import { AccessForm } from '../customer/AccessForm';
import { browser, isWebAddress } from '../customer/browser';
import { CoursesCard } from '../customer/CoursesCard';
import { CustomerModeBadge } from '../components/Badges';

/**
 * `/layout/contact/dashboard` — the customer area's start (public). Signed out: "Acceder al área
 * de cliente", an e-mail to send the access link to (`POST web/api/user/access {email}`), then the
 * same notice whether or not the e-mail is a customer's. Signed in: `user/verify`, then
 * `user/data`: the greeting with the customer's name and their mode in the shop (a demo account
 * is told it may buy an enrolment but not renew or extend; an enrolled one reads "Matriculado"),
 * the cards of their orders (total, unpaid) and agreements (total, pending signature), each
 * linking to its page, "Mis test online" (`OnlineTestsCard`) and "Mis cursos" (`CoursesCard`:
 * `GET web/api/user/formative`).
 */
export default function CustomerDashboardPage() {
  return <CustomerArea requireSignIn={false}>{({ api, signedIn }) => (signedIn ? <Summary api={api} /> : <Access api={api} />)}</CustomerArea>;
}

/** Signed out: "Acceder al área de cliente" and the access form (the link opens the dashboard). */
function Access({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card web-customer__notice" aria-labelledby="web-customer-access">
      <h1 id="web-customer-access" className="web-customer__title">
        {t('customer.access.title')}
      </h1>
      <AccessForm api={api} />
    </section>
  );
}

function Summary({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  // the token is checked first; the summary comes after
  const load = useCallback(async () => {
    await api.verify();
    return api.data();
  }, [api]);
  const loaded = useLoad(load);
  const data = loaded.data;
  if (!data) return <PageState error={loaded.failed} onRetry={loaded.reload} />;

  return (
    <div className="web-page" data-testid="customer-dashboard">
      <section className="card">
        <h1 className="web-customer__title" data-testid="customer-greeting">
          {t('customer.dashboard.greeting', { name: data.user.name })}
        </h1>
        <p className="muted web-hint">{t('customer.dashboard.intro')}</p>
        {data.status?.status === 'demo' && (
          <p className="vk-alert vk-alert--info web-status" role="note" data-testid="customer-status" data-status="demo">
            {t('customer.dashboard.status.demo')}
          </p>
        )}
        {data.status?.status === 'enrolled' && (
          <p className="web-status" data-testid="customer-status" data-status="enrolled">
            <CustomerModeBadge mode={data.status} testId="customer-status-badge" />
          </p>
        )}
      </section>
      <div className="web-cards">
        <section className="card web-section" aria-labelledby="web-customer-orders" data-testid="summary-orders">
          <h2 id="web-customer-orders" className="card__title">
            {t('customer.dashboard.orders.title')}
          </h2>
          <dl className="web-facts">
            <dt>{t('customer.dashboard.orders.total')}</dt>
            <dd data-testid="orders-total">{data.orders.total}</dd>
            <dt>{t('customer.dashboard.orders.unpaid')}</dt>
            <dd data-testid="orders-unpaid">{data.orders.unpaid}</dd>
          </dl>
          <Link className="vk-btn vk-btn--light" to={CUSTOMER_PATHS.orders}>
            {t('customer.dashboard.orders.link')}
          </Link>
        </section>
        <section className="card web-section" aria-labelledby="web-customer-agreements" data-testid="summary-agreements">
          <h2 id="web-customer-agreements" className="card__title">
            {t('customer.dashboard.agreements.title')}
          </h2>
          <dl className="web-facts">
            <dt>{t('customer.dashboard.agreements.total')}</dt>
            <dd data-testid="agreements-total">{data.agreements.total}</dd>
            <dt>{t('customer.dashboard.agreements.pending')}</dt>
            <dd data-testid="agreements-pending">{data.agreements.pending}</dd>
          </dl>
          <Link className="vk-btn vk-btn--light" to={CUSTOMER_PATHS.agreements}>
            {t('customer.dashboard.agreements.link')}
          </Link>
        </section>
        <OnlineTestsCard api={api} />
        <CoursesCard api={api} />
      </div>
    </div>
  );
}

/**
 * "Mis test online": `GET web/api/user/valkiria/autologin` with the customer's sign-in, then the
 * browser goes to the address answered (the student's own page of the school's online tests, on
 * the same Volante host). The host's refusal (`CONFLICT-000`: not a student of the online tests,
 * or the school without them) is shown in the card with its reason.
 */
function OnlineTestsCard({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  async function open() {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.valkiriaLink();
      if (isWebAddress(answer?.url)) {
        // the page goes away: the button stays busy meanwhile
        browser.assign(answer.url);
        return;
      }
      setFailures([t('customer.dashboard.valkiria.error')]);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || t('customer.dashboard.valkiria.error')));
    }
    setBusy(false);
  }

  return (
    <section className="card web-section" aria-labelledby="web-customer-valkiria" data-testid="summary-valkiria">
      <h2 id="web-customer-valkiria" className="card__title">
        {t('customer.dashboard.valkiria.title')}
      </h2>
      <p className="muted web-hint">{t('customer.dashboard.valkiria.explain')}</p>
      <ErrorList messages={failures} testId="valkiria-errors" />
      <button type="button" className="vk-btn vk-btn--primary" disabled={busy} data-testid="valkiria-open" onClick={() => void open()}>
        {busy ? t('customer.dashboard.valkiria.opening') : t('customer.dashboard.valkiria.open')}
      </button>
    </section>
  );
}
