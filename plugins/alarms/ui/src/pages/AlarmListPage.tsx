import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs, useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { alarmsApi } from '../api';
import { TABS, type Tab } from '../lists';
import { useNotices } from '../useNotices';
import { NoticesTab } from '../components/NoticesTab';
import { AlarmsTab } from '../components/AlarmsTab';

const TABS_ID = 'alarms-list';

/**
 * `/alarma/list`: two tabs, "Avisos" (the caller's notices, live: `useNotices`) and "Alarmas"
 * (the alarms and their groups). The tab shown is in the address (`?tab=alarms`), so coming back
 * from an alarm returns to it.
 */
export default function AlarmListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => alarmsApi(client), [client]);
  const notices = useNotices(api);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'notices';
  usePageLayout({ title: t('title'), breadcrumbs: [{ label: t('title') }] });

  const counts: Record<Tab, number> = { notices: notices.notices?.total ?? 0, alarms: 0 };
  const tabs = TABS.map((key) => ({ key, label: counts[key] ? t('tabs.withCount', { label: t(`tabs.${key}`), count: counts[key] }) : t(`tabs.${key}`) }));

  return (
    <div className="alarms-page" data-testid="alarm-list">
      <Tabs id={TABS_ID} label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={(key) => setParams(key === 'notices' ? {} : { tab: key }, { replace: true })} />
      <TabPanel id={TABS_ID} tab="notices" selected={tab}>
        <NoticesTab api={api} state={notices} />
      </TabPanel>
      <TabPanel id={TABS_ID} tab="alarms" selected={tab}>
        <AlarmsTab api={api} />
      </TabPanel>
    </div>
  );
}
