import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, formatDate, useLoad, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CustomerAgreement } from '../api';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';

/**
 * `/layout/contact/agreements` — the agreements the school asked the customer to sign
 * (`GET web/api/user/agreement`): name, type, status ("Pendiente de firma" / "Firmado"), requested
 * and signed dates. While pending, "Firmar" opens the agreements plugin's public signing page
 * (`sign_path`, a path of the app); once signed, "Descargar" opens the signed PDF (`signed_url`).
 */
export default function CustomerAgreementsPage() {
  return <CustomerArea>{({ api }) => <Agreements api={api} />}</CustomerArea>;
}

function Agreements({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const loaded = useLoad(api.agreements);
  const date = (value: string | null) => (value ? formatDate(value) : t('none'));

  const columns: Column<CustomerAgreement>[] = [
    { key: 'agreement_name', header: t('customer.agreements.columns.name'), render: (a) => <strong data-testid="agreement-name">{a.agreement_name}</strong> },
    { key: 'type_name', header: t('customer.agreements.columns.type'), render: (a) => a.type_name || t('none') },
    {
      key: 'status',
      header: t('customer.agreements.columns.status'),
      render: (a) => (
        <span className={a.status === 'signed' ? 'vk-badge vk-badge--success' : 'vk-badge vk-badge--warning'} data-testid="agreement-status">
          {t(`agreementStatus.${a.status}`, { defaultValue: a.status })}
        </span>
      ),
    },
    { key: 'requested_at', header: t('customer.agreements.columns.requested_at'), className: 'web-nowrap', render: (a) => date(a.requested_at) },
    { key: 'signed_at', header: t('customer.agreements.columns.signed_at'), className: 'web-nowrap', render: (a) => date(a.signed_at) },
    {
      key: 'actions',
      header: t('customer.agreements.columns.actions'),
      className: 'vk-table__actions',
      render: (a) => {
        if (a.status === 'requested' && a.sign_path) {
          return (
            <Link className="vk-btn vk-btn--primary" to={a.sign_path} aria-label={t('customer.agreements.signNamed', { name: a.agreement_name })}>
              {t('customer.agreements.sign')}
            </Link>
          );
        }
        if (a.status === 'signed' && a.signed_url) {
          return (
            <a className="vk-btn vk-btn--light" href={a.signed_url} target="_blank" rel="noreferrer" aria-label={t('customer.agreements.downloadNamed', { name: a.agreement_name })}>
              {t('customer.agreements.download')}
            </a>
          );
        }
        return null;
      },
    },
  ];

  return (
    <section className="card web-section" aria-labelledby="web-customer-agreements-title" data-testid="customer-agreements">
      <h1 id="web-customer-agreements-title" className="web-customer__title">
        {t('customer.agreements.title')}
      </h1>
      {loaded.data ? (
        <DataTable<CustomerAgreement> label={t('customer.agreements.table')} columns={columns} rows={loaded.data} rowKey={(a) => a.id} empty={t('customer.agreements.empty')} />
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
    </section>
  );
}
