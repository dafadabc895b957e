import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, TabPanel, Tabs, useApi, usePageLayout, useRecord, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { formativeApi, type Content } from '../api';
import { ASSIGN, CONTENT_TABS, type ContentTab as Tab } from '../lists';
import { contentListPath, routeId } from '../paths';
import { StateBadge, StatusBadge } from '../components/Badges';
import { ContentTab } from '../components/ContentTab';
import { StudentsTab } from '../components/StudentsTab';
import { useSyllabusName } from '../components/useSyllabusName';

const TABS_ID = 'formative-content';

/**
 * `/formative/content/view/:content_id` — a content (`GET formative/content/read?id=`): its name,
 * status and category, and two tabs: "Contenido" (its figures, data, edit and delete, and the
 * outline of its syllabi) and, for a caller with `formative.content.assign`, "Alumnos" (its assignments).
 * A deleted content is read only.
 */
export default function ContentPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => formativeApi(client), [client]);
  const id = routeId(useParams().content_id);
  const canAssign = useSession().can(ASSIGN);
  const nameOf = useSyllabusName();
  const { record: content, show, failed, load } = useRecord<Content>(id, api.contents.read);
  const [tab, setTab] = useState<Tab>('content');
  const title = content?.name ?? t('content.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('list.title'), to: contentListPath() }, { label: title }] });

  if (!id) return <PageState error={t('content.notFound')} />;
  if (failed !== null) return <PageState error={failed || t('content.notFound')} onRetry={load} />;
  if (!content) return <PageState error={null} />;

  const tabs = CONTENT_TABS.filter((key) => key !== 'students' || canAssign);
  const deleted = content.state === 'deleted';
  return (
    <div className="formative-page" data-testid="content-view">
      <section className="card formative-detail" aria-labelledby="formative-content-title">
        <header className="formative-detail__head">
          <div>
            <h2 id="formative-content-title" className="formative-detail__title" data-testid="content-title">
              {content.name}
            </h2>
            <p className="formative-inline">
              <StatusBadge status={content.status} />
              <StateBadge state={content.state} />
              {content.category && <span className="muted">{t('content.category', { category: content.category })}</span>}
            </p>
          </div>
          <Link className="vk-btn vk-btn--light" to={contentListPath()}>
            {t('content.back')}
          </Link>
        </header>
        {deleted && (
          <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
            {t('content.deletedNotice')}
          </p>
        )}
        <Tabs id={TABS_ID} label={t('content.tabs')} tabs={tabs.map((key) => ({ key, label: t(`content.tab.${key}`) }))} selected={tab} onSelect={(key) => setTab(key as Tab)} />
        <TabPanel id={TABS_ID} tab="content" selected={tab}>
          <ContentTab api={api} content={content} nameOf={nameOf} onSaved={(saved) => show(saved)} />
        </TabPanel>
        {canAssign && (
          <TabPanel id={TABS_ID} tab="students" selected={tab}>
            <StudentsTab api={api} content={content} />
          </TabPanel>
        )}
      </section>
    </div>
  );
}
