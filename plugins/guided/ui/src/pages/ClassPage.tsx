import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, useApi, usePageLayout, useRecord, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { guidedApi, type ClassDetail } from '../api';
import { GROUPS_PATH, groupPath, idParam } from '../paths';
import { ClassHead } from '../components/ClassHead';
import { ResourceViewer } from '../components/ResourceViewer';
import { ResourceEditor } from '../components/ResourceEditor';

/**
 * `/clase/guiada/view/{classroom_id}/{group_id}` — a class as the classroom sees it
 * (`GET clase/guiada/read`): its head (previous and next class, mark given), its resources one
 * at a time and, unless the class or its group was deleted, the resources' editor. Another
 * class's address draws the page afresh (back at its first resource).
 */
export default function ClassPage() {
  const params = useParams();
  const id = idParam(params.classroom_id);
  const groupId = idParam(params.group_id);
  return <ClassView key={id} id={id} routeGroupId={groupId} />;
}

function ClassView({ id, routeGroupId }: { id: number; routeGroupId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => guidedApi(client), [client]);
  const session = useSession();
  const { record: klass, show, failed, load, reload } = useRecord<ClassDetail>(Math.max(id, 0), api.classes.read);
  const [index, setIndex] = useState(0);
  const groupId = klass?.group?.id ?? routeGroupId;
  const title = klass?.title ?? t('classes.view.fallback');
  usePageLayout({
    title,
    breadcrumbs: [{ label: t('title'), to: GROUPS_PATH }, ...(klass ? [{ label: klass.group.name, to: groupPath(groupId) }] : []), { label: title }],
  });
  // a write's answer: the class shown in place, the viewer kept on a resource that still is
  const changed = useCallback(
    (fresh: ClassDetail) => {
      show(fresh, { redraw: false });
      setIndex((i) => Math.max(0, Math.min(i, fresh.resources.length - 1)));
    },
    [show],
  );

  if (id <= 0) return <PageState error={t('notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!klass) {
    return (
      <div className="guided-page" data-testid="class-view" aria-busy="true">
        <PageState error={null} />
      </div>
    );
  }
  const readOnly = klass.state === 'deleted' || klass.group.state === 'deleted';
  return (
    <div className="guided-page" data-testid="class-view" aria-busy="false" data-class-id={klass.id}>
      <ClassHead api={api} klass={klass} groupId={groupId} readOnly={readOnly} onChanged={changed} onRefresh={reload} />
      {readOnly && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="class-deleted-notice">
          {t('classes.view.deletedNotice')}
        </p>
      )}
      <ResourceViewer resources={klass.resources} index={index} onIndex={setIndex} token={session.store.getToken()} />
      {!readOnly && <ResourceEditor api={api} klass={klass} onChanged={changed} onRefresh={reload} />}
    </div>
  );
}
