import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, UI_NAMESPACE, changedFields, errorList, useApi, useLoad, usePageLayout, useRecord, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { temaryApi, type SubthemeDetail, type SubthemeFields } from '../api';
import { routeId, subthemePath, temaryListPath, temaryPath, themePath } from '../paths';
import { useChildActions } from '../actions';
import { isConflict } from '../format';
import { ChildForm } from '../components/ChildForm';
import { SectionsPanel } from '../components/SectionsPanel';
import { MediaPanel } from '../components/MediaPanel';
import { Trail } from '../components/Trail';

/**
 * `/temary/subtheme/create/:subtheme_id/:theme_id/:temary_id` — a subtheme (`GET
 * temary/subtheme/read/{id}`: with its sections, sheets and videos, its theme and its syllabus
 * with their states: one read), or a new one in that theme (0: its theme and syllabus read for
 * the breadcrumb; title and description, `temary/subtheme/create`, then its page). A saved one:
 * its data (`temary/subtheme/update` with only what changed), "Eliminar" (asked first, then back
 * to the theme), its sections, its sheets and its videos. Read only when it, its theme or its
 * syllabus is deleted.
 */
export default function SubthemePage() {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const client = useApi();
  const session = useSession();
  const api = useMemo(() => temaryApi(client, session.store), [client, session.store]);
  const params = useParams();
  const subthemeId = routeId(params.subtheme_id);
  const navigate = useNavigate();
  const toast = useToast();
  const { record: subtheme, show, failed, formKey, load } = useRecord<SubthemeDetail>(Math.max(subthemeId, 0), api.subthemes.read);
  // the subtheme says where it stands; the address says it for a new one
  const themeId = subtheme?.theme.id ?? routeId(params.theme_id);
  const temaryId = subtheme?.temary_id ?? routeId(params.temary_id);
  const isNew = subthemeId === 0;
  // a saved one tells its theme and syllabus itself; a new one reads them
  const readTheme = useCallback(() => api.themes.read(themeId), [api, themeId]);
  const readTemary = useCallback(() => api.temaries.read(temaryId), [api, temaryId]);
  const theme = useLoad(readTheme, isNew && themeId > 0);
  const syllabus = useLoad(readTemary, isNew && temaryId > 0);

  // after a write: the subtheme and its sections again, the form kept as typed
  const refresh = useCallback(() => {
    if (subthemeId <= 0) return;
    api.subthemes.read(subthemeId).then(
      (fresh) => show(fresh, { redraw: false }),
      (failure) => toast.error(errorList(failure)[0]?.details || ui('page.loadError')),
    );
  }, [api, subthemeId, show, toast, ui]);
  const subthemes = useChildActions(api.subthemes, 'subtheme', refresh);

  // its theme as the subtheme tells it, or as read (a new one)
  const themeLine = subtheme?.theme ?? (theme.data ? { id: theme.data.id, title: theme.data.title, position: theme.data.position } : null);
  const title = isNew ? t('subtheme.addTitle') : (subtheme?.title ?? t('subtheme.label'));
  const temaryName = subtheme?.temary?.name ?? syllabus.data?.name;
  usePageLayout({
    title,
    breadcrumbs: [
      { label: t('title'), to: temaryListPath() },
      { label: temaryName || t('temaries.view.fallback'), to: temaryId > 0 ? temaryPath(temaryId) : undefined },
      { label: themeLine ? t('theme.numbered', themeLine) : t('theme.label'), to: themeId > 0 && temaryId > 0 ? themePath(themeId, temaryId) : undefined },
      { label: title },
    ],
  });

  if (subthemeId < 0 || themeId <= 0 || temaryId <= 0) return <PageState error={t('subtheme.notFound')} />;
  // what it belongs to was deleted: nothing changes here any more
  const parentDeleted = isNew
    ? theme.data?.state === 'deleted' || syllabus.data?.state === 'deleted'
    : subtheme?.theme.state === 'deleted' || subtheme?.temary?.state === 'deleted';
  const refused = (failure: unknown) => isConflict(failure) && refresh();

  if (isNew) {
    return (
      <div className="temary-page" data-testid="subtheme-view">
        <section className="card" aria-labelledby="temary-subtheme-new-title">
          <Trail temaryId={temaryId} temaryName={temaryName} theme={themeLine} />
          <h2 id="temary-subtheme-new-title" className="card__title">
            {title}
          </h2>
          {parentDeleted ? (
            <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
              {t('subtheme.parentDeleted')}
            </p>
          ) : (
            <ChildForm
              values={null}
              textField="description"
              label={title}
              submitLabel={t('subtheme.add')}
              onSubmit={async (body) => {
                const created = await api.subthemes.create(themeId, body);
                toast.success(t('subtheme.created', { title: created.title }));
                navigate(subthemePath(created.id, themeId, temaryId), { replace: true });
              }}
              extra={
                <Link className="vk-btn vk-btn--light" to={themePath(themeId, temaryId)}>
                  {t('cancel')}
                </Link>
              }
            />
          )}
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!subtheme) return <PageState error={null} />;

  const deleted = subtheme.state === 'deleted';
  const readOnly = deleted || parentDeleted;

  async function remove() {
    if (subtheme && (await subthemes.remove(subtheme))) navigate(themePath(themeId, temaryId));
  }

  return (
    <div className="temary-page" data-testid="subtheme-view">
      <section className="card temary-head" data-testid="subtheme-head">
        <div>
          <Trail temaryId={temaryId} temaryName={temaryName} theme={themeLine} />
          <h2 className="temary-head__title" data-testid="view-title">
            {subtheme.title}
          </h2>
          <p className="temary-inline">
            <span className="muted" data-testid="view-position">
              {t('subtheme.numbered', { theme: subtheme.theme.position, position: subtheme.position })}
            </span>
            {deleted && <DeletedBadge />}
          </p>
        </div>
        <dl className="temary-facts">
          <dt>{t('section.title')}</dt>
          <dd data-testid="view-sections">{subtheme.sections.length}</dd>
        </dl>
        <div className="temary-actions">
          <Link className="vk-btn vk-btn--light" to={themePath(themeId, temaryId)}>
            {t('subtheme.back')}
          </Link>
          {!readOnly && (
            <button type="button" className="vk-btn vk-btn--light" disabled={subthemes.busy} onClick={() => void remove()}>
              {t('delete')}
            </button>
          )}
        </div>
        <ErrorList messages={subthemes.errors} testId="subtheme-action-errors" />
      </section>
      {readOnly && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t(deleted ? 'subtheme.deletedNotice' : 'subtheme.parentDeleted')}
        </p>
      )}
      <section className="card" aria-labelledby="temary-subtheme-edit-title">
        <h2 id="temary-subtheme-edit-title" className="card__title">
          {t('subtheme.data')}
        </h2>
        <ChildForm
          key={formKey}
          values={{ title: subtheme.title, text: subtheme.description }}
          textField="description"
          label={t('subtheme.data')}
          submitLabel={t('save')}
          disabled={readOnly}
          onSubmit={async (body) => {
            const fields = changedFields<SubthemeFields>({ title: body.title, description: body.description }, subtheme);
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            // only what changed: an update without a position leaves it where it is (README "Order")
            show(await api.subthemes.update(subtheme.id, fields));
            toast.success(t('subtheme.saved', { title: body.title }));
          }}
          onRefused={refused}
        />
      </section>
      <SectionsPanel api={api} subtheme={subtheme} readOnly={readOnly} onChanged={refresh} />
      <MediaPanel kind="sheet" api={api} subtheme={subtheme} readOnly={readOnly} onChanged={refresh} />
      <MediaPanel kind="video" api={api} subtheme={subtheme} readOnly={readOnly} onChanged={refresh} />
    </div>
  );
}
