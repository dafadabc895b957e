import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, formatDate, useApi, useSession, type SessionUser } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { Splash } from '../../components/Splash';

/** The landing page: greets the user (GET user/update → data.user) and shows the business. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const api = useApi();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const user = session.user;

  usePageLayout({ title: t('dashboard.title'), breadcrumbs: [{ label: t('menu.home'), to: '/dashboard' }, { label: t('dashboard.title') }] });

  useEffect(() => {
    let live = true;
    api.get<{ user: SessionUser }>('user/update').then(
      (data) => live && data?.user && session.setUser(data.user),
      (failure) => {
        // SESSION-001… are handled by the client (purge and reload); anything else is shown.
        if (live) setFailed(errorList(failure).length > 0);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);

  if (!user) return failed ? <p role="alert">{t('dashboard.loadError')}</p> : <Splash inline />;
  return (
    <div className="dashboard" data-testid="dashboard">
      <section className="card dashboard__welcome">
        <h2 className="dashboard__greeting" data-testid="greeting">
          {t('dashboard.greeting', { name: user.first_name })}
        </h2>
        <p className="dashboard__business" data-testid="business-name">
          {user.business.name}
        </p>
        <p className="dashboard__today">{t('dashboard.today', { date: formatDate(new Date()) })}</p>
      </section>
      <section className="card dashboard__facts">
        <dl>
          <dt>{t('dashboard.fiscalName')}</dt>
          <dd>{user.business.fiscal_name}</dd>
          <dt>{t('fields.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('dashboard.role')}</dt>
          <dd>{user.role === 'super' ? t('dashboard.superRole') : user.role}</dd>
        </dl>
      </section>
      {failed && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {t('dashboard.loadError')}
        </p>
      )}
    </div>
  );
}
