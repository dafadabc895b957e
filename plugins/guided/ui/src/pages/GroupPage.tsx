import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, UI_NAMESPACE, errorList, useApi, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { guidedApi, type GroupDetail } from '../api';
import { GROUPS_PATH, idParam } from '../paths';
import { GroupHead } from '../components/GroupHead';
import { ClassesPanel } from '../components/ClassesPanel';
import { CoveragePanel } from '../components/CoveragePanel';

/**
 * `/clase/guiada/grupo/view/{class_room_group_id}` — a group (`GET clase/guiadagrupo/read`): its
 * head (edit, copy, delete), its classes in order and, when it follows a book, the syllabus
 * coverage. Another group's address draws the page afresh.
 */
export default function GroupPage() {
  const id = idParam(useParams().class_room_group_id);
  return <GroupView key={id} id={id} />;
}

function GroupView({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const client = useApi();
  const api = useMemo(() => guidedApi(client), [client]);
  const toast = useToast();
  const { record: group, show, failed, load } = useRecord<GroupDetail>(Math.max(id, 0), api.groups.read);
  // bumped after every change of the classes: the coverage is read again
  const [changes, setChanges] = useState(0);
  const title = group?.name ?? t('groups.view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('title'), to: GROUPS_PATH }, { label: title }] });

  // after a change of its classes (or a refusal): the group again, the forms kept as typed
  const refresh = useCallback(async () => {
    try {
      show(await api.groups.read(id), { redraw: false });
      setChanges((n) => n + 1);
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || ui('page.loadError'));
    }
  }, [api, id, show, toast, ui]);

  if (id <= 0) return <PageState error={t('notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!group) {
    return (
      <div className="guided-page" data-testid="group-view" aria-busy="true">
        <PageState error={null} />
      </div>
    );
  }
  const deleted = group.state === 'deleted';
  return (
    <div className="guided-page" data-testid="group-view" aria-busy="false" data-group-id={group.id}>
      <GroupHead api={api} group={group} onSaved={(saved) => show(saved)} onChanged={refresh} />
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="group-deleted-notice">
          {t('groups.view.deletedNotice')}
        </p>
      )}
      <ClassesPanel api={api} group={group} readOnly={deleted} onChanged={refresh} />
      {group.temary_id ? (
        <CoveragePanel api={api} groupId={group.id} bookName={group.book?.name ?? ''} version={changes} />
      ) : (
        <p className="muted" data-testid="coverage-none">
          {t('coverage.noBook')}
        </p>
      )}
    </div>
  );
}
