import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ReportTab } from '../components/ReportTab';
import { TodayTab } from '../components/TodayTab';

/** The tabs, as `show_tab` in the path. */
export const TABS = ['hoy', 'registros'] as const;
export type Tab = (typeof TABS)[number];

/** The tab a `show_tab` names; anything else is "hoy". */
export function tabOf(showTab: string | undefined): Tab {
  return TABS.find((tab) => tab === showTab) ?? 'hoy';
}

/**
 * /clock/report/:show_tab — the time clock: "Mi jornada" (`hoy`: clock in, pause, finish; today
 * and the week) and "Registros" (`registros`: the record between dates, totals, Excel export,
 * corrections and their history). The tabs switch the path.
 */
export default function ClockPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const tab = tabOf(useParams().show_tab);
  usePageLayout({ title: t('title'), breadcrumbs: [{ label: t('title'), to: '/clock/report/hoy' }, { label: t(`tabs.${tab}`) }] });
  return (
    <div className="clock-page" data-testid="clock-page">
      <div className="vk-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`clock-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`clock-panel-${id}`}
            className={tab === id ? 'vk-tab is-active' : 'vk-tab'}
            onClick={() => tab !== id && navigate(`/clock/report/${id}`)}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`clock-panel-${tab}`} aria-labelledby={`clock-tab-${tab}`}>
        {tab === 'hoy' ? <TodayTab /> : <ReportTab />}
      </div>
    </div>
  );
}
