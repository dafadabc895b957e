import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Alerts, FleetApi } from '../api';
import { formatPlate } from '../format';
import { DaysLeft } from './Badges';

/**
 * What needs doing soon (`GET vehicle/alerts`): ITV overdue or due within 30 days, policies ended
 * or ending that no later one replaced, and vehicles without a policy in force (those two only
 * with the insurance service), each with a link to the vehicle or the policy. Nothing when all is
 * in order; a failure to read them is not the list's business, so it shows nothing either.
 */
export function AlertsBanner({ api }: { api: FleetApi }) {
  const { t } = useTranslation(NAMESPACE);
  const [alerts, setAlerts] = useState<Alerts | null>(null);
  useEffect(() => {
    let live = true;
    api.vehicles.alerts().then(
      (answer) => live && setAlerts(answer),
      () => live && setAlerts(null),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!alerts) return null;
  const policies = alerts.insurance ?? [];
  const uninsured = alerts.uninsured ?? [];
  if (alerts.itv.length + policies.length + uninsured.length === 0) return null;
  const vehicleName = (brand: string | null, model: string) => [brand, model].filter(Boolean).join(' ');

  return (
    <section className="fleet-alerts card" aria-labelledby="fleet-alerts-title" data-testid="fleet-alerts">
      <h2 id="fleet-alerts-title" className="card__title">
        {t('alerts.title', { days: alerts.days })}
      </h2>
      {alerts.itv.length > 0 && (
        <div className="fleet-alerts__group">
          <h3 className="fleet-alerts__heading">{t('alerts.itv')}</h3>
          <ul data-testid="alerts-itv">
            {alerts.itv.map((a) => (
              <li key={a.vehicle_id} className={`fleet-alert fleet-alert--${a.state}`}>
                <Link to={`/vehicle/view/${a.vehicle_id}`} className="fleet-nowrap">{formatPlate(a.plate)}</Link> {vehicleName(a.brand, a.model)}{' '}
                <span className="fleet-alert__what">
                  {t(a.state === 'overdue' ? 'alerts.itvOverdue' : 'alerts.itvDueSoon', { date: formatDate(a.itv_due) })} (<DaysLeft days={a.days_left} />)
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {policies.length > 0 && (
        <div className="fleet-alerts__group">
          <h3 className="fleet-alerts__heading">{t('alerts.insurance')}</h3>
          <ul data-testid="alerts-insurance">
            {policies.map((a) => (
              <li key={a.insurance_id} className={`fleet-alert fleet-alert--${a.state}`}>
                <Link to={`/insurance/carrier/${a.insurance_id}`}>{t('alerts.policy', { company: a.company ?? '', number: a.policy_number })}</Link>
                {a.vehicle_id && a.plate && (
                  <>
                    {' · '}
                    <Link to={`/vehicle/view/${a.vehicle_id}`} className="fleet-nowrap">{formatPlate(a.plate)}</Link>
                  </>
                )}{' '}
                <span className="fleet-alert__what">
                  {t(a.state === 'expired' ? 'alerts.policyExpired' : 'alerts.policyExpiring', { date: formatDate(a.end_date) })} (<DaysLeft days={a.days_left} />)
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {uninsured.length > 0 && (
        <div className="fleet-alerts__group">
          <h3 className="fleet-alerts__heading">{t('alerts.uninsured')}</h3>
          <ul data-testid="alerts-uninsured">
            {uninsured.map((a) => (
              <li key={a.vehicle_id} className="fleet-alert fleet-alert--uninsured">
                <Link to={`/vehicle/view/${a.vehicle_id}`} className="fleet-nowrap">{formatPlate(a.plate)}</Link> {a.model}{' '}
                <span className="fleet-alert__what">{t('alerts.noPolicy')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
