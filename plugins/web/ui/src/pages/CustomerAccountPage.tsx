import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { CUSTOMER_FIELDS } from '../lists';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';

/**
 * `/layout/contact/account` — the signed-in customer's data as the school has it
 * (`GET web/api/user/verify`), read only, with how to get it changed: through the school.
 */
export default function CustomerAccountPage() {
  return <CustomerArea>{({ api }) => <Account api={api} />}</CustomerArea>;
}

function Account({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const load = useCallback(() => api.verify().then((answer) => answer.user), [api]);
  const loaded = useLoad(load);
  const user = loaded.data;
  if (!user) return <PageState error={loaded.failed} onRetry={loaded.reload} />;

  return (
    <section className="card web-section" aria-labelledby="web-customer-account" data-testid="customer-account">
      <h1 id="web-customer-account" className="web-customer__title">
        {t('customer.account.title')}
      </h1>
      <dl className="web-facts" data-testid="account-facts">
        {CUSTOMER_FIELDS.map((field) => (
          <div key={field} className="web-facts__row">
            <dt>{t(`customer.fields.${field}`)}</dt>
            <dd data-testid={`account-${field}`}>{user[field] || t('none')}</dd>
          </div>
        ))}
      </dl>
      <p className="muted web-hint" data-testid="account-contact">
        {t('customer.account.contact')}
      </p>
    </section>
  );
}
