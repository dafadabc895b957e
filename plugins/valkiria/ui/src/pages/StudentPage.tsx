import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, TabPanel, Tabs, useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi } from '../api';
import { personName } from '../format';
import { STUDENTS_PATH, idParam } from '../paths';
import { SubNav } from '../components/SubNav';
import { StudentHead } from '../components/StudentHead';
import { EnrolmentsCard } from '../components/EnrolmentsCard';
import { OnlineLinkCard } from '../components/OnlineLinkCard';
import { BlocksTab, EvolutionTab, FailedTab, SummaryTab, TestsTab } from '../components/StudentReports';
import { ResetsTab } from '../components/ResetsTab';
import { StudentDoubts } from '../components/StudentDoubts';
import { useStudent } from '../components/useStudent';

const TABS_ID = 'valkiria-student';
const TABS = ['summary', 'tests', 'evolution', 'blocks', 'failed', 'doubts', 'resets'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/valkiria/alumno/{student_id}` — a student (`useStudent`: `resume`, `studentsdni` only when needed).
 * Under the head, the enrolments and the link to the tests at home ("Test online en casa"), tabs
 * read on opening: the summary, the tests they can take (each with "Hacer test", but for an
 * inactive or deleted student), the evolution, the blocks, the failed questions, their doubts and
 * the resets.
 */
export default function StudentPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const id = idParam(useParams().student_id);
  const { student, summary, failed, reload, change } = useStudent(api, id);
  const [tab, setTab] = useState<Tab>('summary');
  const title = student ? personName(student) : t('student.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('nav.students'), to: STUDENTS_PATH }, { label: title }] });

  let body: ReactNode;
  if (id <= 0) body = <PageState error={t('notFound')} />;
  else if (!student || !summary.data) body = <PageState error={failed} onRetry={reload} />;
  else {
    const current = student;
    const panels: Record<Tab, ReactNode> = {
      summary: <SummaryTab summary={summary.data} />,
      tests: <TestsTab api={api} studentId={id} closed={current.state === 'inactive' || current.state === 'deleted' ? current.state : null} />,
      evolution: <EvolutionTab api={api} studentId={id} />,
      blocks: <BlocksTab api={api} studentId={id} />,
      failed: <FailedTab api={api} studentId={id} />,
      doubts: <StudentDoubts api={api} studentId={id} />,
      resets: <ResetsTab api={api} student={current} onReset={reload} />,
    };
    body = (
      <>
        <StudentHead api={api} student={current} onChanged={change} />
        <EnrolmentsCard api={api} student={current} onChanged={reload} />
        <OnlineLinkCard api={api} student={current} onChanged={reload} />
        <section className="card" data-testid="student-tabs">
          <Tabs id={TABS_ID} label={t('tabs.label')} tabs={TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))} selected={tab} onSelect={(key) => setTab(key as Tab)} />
          {TABS.map((key) => (
            <TabPanel key={key} id={TABS_ID} tab={key} selected={tab} className="valkiria-tab">
              {panels[key]}
            </TabPanel>
          ))}
        </section>
      </>
    );
  }

  return (
    <div className="valkiria-page" data-testid="student">
      <SubNav />
      {body}
    </div>
  );
}
