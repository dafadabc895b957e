import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** No series yet: documents need one (with the issuer's NIF to issue invoices). */
export function NoSeries() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="vk-alert vk-alert--info" role="status" data-testid="no-series">
      <p>{t('series.needOne')}</p>
      <Link className="vk-btn vk-btn--primary" to="/sales/billing/view/invoice/0">
        {t('series.new')}
      </Link>
    </div>
  );
}
