import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, UI_NAMESPACE, changedFields, errorList, useApi, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { temaryApi, type TemaryDetail, type TemaryFields } from '../api';
import { routeId, temaryListPath, temaryPath } from '../paths';
import { useExplain, useTemaryActions } from '../actions';
import { isConflict, messages } from '../format';
import { TemaryForm } from '../components/TemaryForm';
import { ThemeTree } from '../components/ThemeTree';
import { StatusBadge } from '../components/Badges';

/**
 * `/temary/create/:temary_id` — a syllabus (`GET temary/read/{id}`), or a new one (0: its form,
 * `temary/create`, then its page). A saved one: its head ("Publicar" / "Pasar a desarrollo",
 * "Copiar", "Eliminar"), its data (`temary/update` with only what changed) and its tree of
 * themes and subthemes. A deleted syllabus is read only.
 */
export default function TemaryPage() {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const client = useApi();
  const api = useMemo(() => temaryApi(client), [client]);
  const id = routeId(useParams().temary_id);
  const navigate = useNavigate();
  const toast = useToast();
  const explain = useExplain();
  const actions = useTemaryActions(api);
  const { record: temary, show, failed, formKey, load } = useRecord<TemaryDetail>(Math.max(id, 0), api.temaries.read);
  const [failures, setFailures] = useState<string[]>([]);
  const isNew = id === 0;
  const title = isNew ? t('temaries.create.title') : (temary?.name ?? t('temaries.view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('title'), to: temaryListPath() }, { label: title }] });

  // after a write elsewhere on the page (the tree, the status): the syllabus again, the form kept as typed
  const refresh = useCallback(() => {
    if (id <= 0) return;
    api.temaries.read(id).then(
      (fresh) => show(fresh, { redraw: false }),
      (failure) => toast.error(errorList(failure)[0]?.details || ui('page.loadError')),
    );
  }, [api, id, show, toast, ui]);

  if (id < 0) return <PageState error={t('temaries.view.notFound')} />;
  if (isNew) {
    return (
      <div className="temary-page" data-testid="temary-view">
        <section className="card" aria-labelledby="temary-new-title">
          <h2 id="temary-new-title" className="card__title">
            {title}
          </h2>
          <TemaryForm
            temary={null}
            withStatus
            label={title}
            submitLabel={t('temaries.create.submit')}
            onSubmit={async (body) => {
              const created = await api.temaries.create(body);
              toast.success(t('temaries.create.created', { name: created.name }));
              navigate(temaryPath(created.id), { replace: true });
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={temaryListPath()}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!temary) return <PageState error={null} />;

  const deleted = temary.state === 'deleted';
  const subthemes = temary.themes.reduce((n, theme) => n + theme.subthemes.length, 0);

  async function toggleStatus() {
    if (!temary) return;
    const status = temary.status === 'publish' ? 'developing' : 'publish';
    setFailures([]);
    actions.setErrors([]);
    try {
      show(await api.temaries.update(temary.id, { status }), { redraw: false });
      toast.success(t(`temaries.status.done.${status}`, { name: temary.name }));
    } catch (failure) {
      setFailures(messages(explain(failure)));
      if (isConflict(failure)) refresh();
    }
  }

  async function copy() {
    if (!temary) return;
    setFailures([]);
    const made = await actions.clone(temary);
    if (made) navigate(temaryPath(made.id));
    else refresh();
  }

  async function remove() {
    if (!temary) return;
    setFailures([]);
    if (await actions.remove(temary)) navigate(temaryListPath());
  }

  return (
    <div className="temary-page" data-testid="temary-view">
      <section className="card temary-head" data-testid="temary-head">
        <div>
          <h2 className="temary-head__title" data-testid="view-title">
            {temary.name}
          </h2>
          <p className="temary-inline">
            <StatusBadge status={temary.status} />
            {deleted && <DeletedBadge />}
            {temary.category && (
              <span className="muted" data-testid="view-category">
                {t('temaries.view.category', { category: temary.category })}
              </span>
            )}
          </p>
        </div>
        <dl className="temary-facts">
          <dt>{t('temaries.view.themes')}</dt>
          <dd data-testid="view-themes">{temary.themes.length}</dd>
          <dt>{t('temaries.view.subthemes')}</dt>
          <dd data-testid="view-subthemes">{subthemes}</dd>
        </dl>
        <div className="temary-actions">
          <Link className="vk-btn vk-btn--light" to={temaryListPath()}>
            {t('temaries.back')}
          </Link>
          {!deleted && (
            <>
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => void toggleStatus()}>
                {t(`temaries.status.to.${temary.status === 'publish' ? 'developing' : 'publish'}`)}
              </button>
              <button type="button" className="vk-btn vk-btn--light" disabled={actions.busy} onClick={() => void copy()}>
                {t('clone.action')}
              </button>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
                {t('delete')}
              </button>
            </>
          )}
        </div>
        <ErrorList messages={[...failures, ...actions.errors]} testId="temary-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t('temaries.view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="temary-edit-title">
        <h2 id="temary-edit-title" className="card__title">
          {t('temaries.view.data')}
        </h2>
        <TemaryForm
          key={formKey}
          temary={temary}
          label={t('temaries.view.data')}
          submitLabel={t('save')}
          disabled={deleted}
          onSubmit={async (body) => {
            // the status has its own button: the form sends name, category and description
            const fields = changedFields<TemaryFields>({ name: body.name, description: body.description, category: body.category }, temary);
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.temaries.update(temary.id, fields));
            toast.success(t('temaries.view.saved', { name: body.name }));
          }}
          onRefused={(failure) => isConflict(failure) && refresh()}
        />
      </section>
      <ThemeTree api={api} temary={temary} readOnly={deleted} onChanged={refresh} />
    </div>
  );
}
