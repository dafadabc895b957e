import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, UI_NAMESPACE, changedFields, errorList, useApi, useLoad, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { temaryApi, type Subtheme, type ThemeDetail, type ThemeFields } from '../api';
import { routeId, subthemePath, temaryListPath, temaryPath, themePath } from '../paths';
import { useChildActions } from '../actions';
import { isConflict } from '../format';
import { ChildForm } from '../components/ChildForm';
import { OrderedList } from '../components/OrderedList';
import { Trail } from '../components/Trail';

/**
 * `/temary/theme/create/:theme_id/:temary_id` — a theme (`GET temary/theme/read/{id}`), or a new
 * one in that syllabus (0: title, description and position, `temary/theme/create`, then its
 * page). A saved one: its data (`temary/theme/update`), "Eliminar" (asked first, then back to
 * the syllabus) and its subthemes in order (add, move up or down, delete, a link to each). Read
 * only when it or its syllabus is deleted.
 */
export default function ThemePage() {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const client = useApi();
  const api = useMemo(() => temaryApi(client), [client]);
  const params = useParams();
  const themeId = routeId(params.theme_id);
  const navigate = useNavigate();
  const toast = useToast();
  const { record: theme, show, failed, formKey, load } = useRecord<ThemeDetail>(Math.max(themeId, 0), api.themes.read);
  // the theme says which syllabus it is in; the address says it for a new one
  const temaryId = theme?.temary_id ?? routeId(params.temary_id);
  const readTemary = useCallback(() => api.temaries.read(temaryId), [api, temaryId]);
  const syllabus = useLoad(readTemary, temaryId > 0);
  // bumped after a subtheme is added: the form starts empty again
  const [added, setAdded] = useState(0);

  // after a write: the theme and its subthemes again, the form kept as typed
  const refresh = useCallback(() => {
    if (themeId <= 0) return;
    api.themes.read(themeId).then(
      (fresh) => show(fresh, { redraw: false }),
      (failure) => toast.error(errorList(failure)[0]?.details || ui('page.loadError')),
    );
  }, [api, themeId, show, toast, ui]);
  const subthemes = useChildActions(api.subthemes, 'subtheme', refresh);
  const themes = useChildActions(api.themes, 'theme', refresh);

  const isNew = themeId === 0;
  const title = isNew ? t('theme.addTitle') : theme ? t('theme.numbered', { position: theme.position, title: theme.title }) : t('theme.label');
  const temaryName = syllabus.data?.name;
  usePageLayout({
    title,
    breadcrumbs: [{ label: t('title'), to: temaryListPath() }, { label: temaryName || t('temaries.view.fallback'), to: temaryId > 0 ? temaryPath(temaryId) : undefined }, { label: title }],
  });

  if (themeId < 0 || temaryId <= 0) return <PageState error={t('theme.notFound')} />;
  const temaryDeleted = syllabus.data?.state === 'deleted';
  const refused = (failure: unknown) => isConflict(failure) && refresh();

  if (isNew) {
    return (
      <div className="temary-page" data-testid="theme-view">
        <section className="card" aria-labelledby="temary-theme-new-title">
          <Trail temaryId={temaryId} temaryName={temaryName} />
          <h2 id="temary-theme-new-title" className="card__title">
            {title}
          </h2>
          {temaryDeleted ? (
            <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
              {t('theme.temaryDeleted')}
            </p>
          ) : (
            <ChildForm
              values={null}
              textField="description"
              withPosition
              label={title}
              submitLabel={t('theme.add')}
              onSubmit={async (body) => {
                const created = await api.themes.create(temaryId, body);
                toast.success(t('theme.created', { title: created.title }));
                navigate(themePath(created.id, temaryId), { replace: true });
              }}
              extra={
                <Link className="vk-btn vk-btn--light" to={temaryPath(temaryId)}>
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
  if (!theme) return <PageState error={null} />;

  const deleted = theme.state === 'deleted';
  const readOnly = deleted || temaryDeleted;

  async function remove() {
    if (theme && (await themes.remove(theme))) navigate(temaryPath(temaryId));
  }

  return (
    <div className="temary-page" data-testid="theme-view">
      <section className="card temary-head" data-testid="theme-head">
        <div>
          <Trail temaryId={temaryId} temaryName={temaryName} />
          <h2 className="temary-head__title" data-testid="view-title">
            {theme.title}
          </h2>
          <p className="temary-inline">
            <span className="muted" data-testid="view-position">
              {t('theme.numberedOnly', { position: theme.position })}
            </span>
            {deleted && <DeletedBadge />}
          </p>
        </div>
        <dl className="temary-facts">
          <dt>{t('temaries.view.subthemes')}</dt>
          <dd data-testid="view-subthemes">{theme.subthemes.length}</dd>
        </dl>
        <div className="temary-actions">
          <Link className="vk-btn vk-btn--light" to={temaryPath(temaryId)}>
            {t('theme.back')}
          </Link>
          {!readOnly && (
            <button type="button" className="vk-btn vk-btn--light" disabled={themes.busy} onClick={() => void remove()}>
              {t('delete')}
            </button>
          )}
        </div>
        <ErrorList messages={themes.errors} testId="theme-action-errors" />
      </section>
      {readOnly && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t(deleted ? 'theme.deletedNotice' : 'theme.temaryDeleted')}
        </p>
      )}
      <section className="card" aria-labelledby="temary-theme-edit-title">
        <h2 id="temary-theme-edit-title" className="card__title">
          {t('theme.data')}
        </h2>
        <ChildForm
          key={formKey}
          values={{ title: theme.title, text: theme.description, position: theme.position }}
          textField="description"
          withPosition
          label={t('theme.data')}
          submitLabel={t('save')}
          disabled={readOnly}
          onSubmit={async (body) => {
            const fields = changedFields<ThemeFields>({ title: body.title, description: body.description, position: body.position ?? theme.position }, theme);
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            // only what changed: an update without a position leaves it where it is (README "Order")
            show(await api.themes.update(theme.id, fields));
            toast.success(t('theme.saved', { title: body.title }));
          }}
          onRefused={refused}
        />
      </section>
      <section className="card temary-section" aria-labelledby="temary-subthemes-title" data-testid="theme-subthemes">
        <h2 id="temary-subthemes-title" className="card__title">
          {t('subtheme.title')}
        </h2>
        <ErrorList messages={subthemes.errors} testId="subtheme-action-errors" />
        <OrderedList<Subtheme>
          kind="subtheme"
          items={theme.subthemes}
          label={t('subtheme.listOf', { title: theme.title })}
          readOnly={readOnly}
          busy={subthemes.busy}
          onMove={(subtheme, position) => void subthemes.move(subtheme, position)}
          onDelete={(subtheme) => void subthemes.remove(subtheme)}
          testId="subtheme"
          title={(subtheme) => (
            <Link to={subthemePath(subtheme.id, theme.id, temaryId)} data-testid="subtheme-title">
              {subtheme.title}
            </Link>
          )}
          detail={(subtheme) => subtheme.description && <p className="muted temary-text temary-text--short">{subtheme.description}</p>}
          actions={(subtheme) => (
            <Link className="vk-btn vk-btn--light" to={subthemePath(subtheme.id, theme.id, temaryId)} aria-label={t(readOnly ? 'subtheme.openNamed' : 'subtheme.editNamed', { title: subtheme.title })}>
              {t(readOnly ? 'open' : 'edit')}
            </Link>
          )}
        />
        {!readOnly && (
          <div className="temary-create" data-testid="subtheme-create">
            <h3 className="temary-subtitle">{t('subtheme.addTitle')}</h3>
            <ChildForm
              key={added}
              values={null}
              textField="description"
              label={t('subtheme.addTitle')}
              submitLabel={t('subtheme.add')}
              onSubmit={async (body) => {
                await api.subthemes.create(theme.id, body);
                toast.success(t('subtheme.created', { title: body.title }));
                setAdded((n) => n + 1);
                refresh();
              }}
              onRefused={refused}
            />
          </div>
        )}
      </section>
    </div>
  );
}
