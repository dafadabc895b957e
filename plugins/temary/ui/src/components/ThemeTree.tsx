import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { TemaryApi, TemaryDetail, ThemeWithSubthemes } from '../api';
import { subthemePath, themePath } from '../paths';
import { useChildActions } from '../actions';
import { isConflict } from '../format';
import { ChildForm } from './ChildForm';
import { OrderedList } from './OrderedList';

/**
 * A syllabus's tree: its themes in order, each with its subthemes in order (links to edit
 * them). Unless read only: move a theme up or down (`temary/theme/update {id, position}`),
 * delete one (asked first), add a subtheme to a theme (`temary/subtheme/create`), and add a theme
 * at the end (`temary/theme/create`). `onChanged` reads the syllabus again after every write.
 */
export function ThemeTree({ api, temary, readOnly, onChanged }: { api: TemaryApi; temary: TemaryDetail; readOnly: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const actions = useChildActions(api.themes, 'theme', onChanged);
  // the theme whose "Añadir subtema" form is open
  const [adding, setAdding] = useState<number | null>(null);
  // bumped after a theme is added: the form starts empty again
  const [added, setAdded] = useState(0);
  const refused = (failure: unknown) => isConflict(failure) && onChanged();

  const subthemes = (theme: ThemeWithSubthemes) => (
    <div className="temary-subthemes">
      {theme.subthemes.length === 0 ? (
        <p className="muted temary-note" data-testid="no-subthemes">
          {t('subtheme.empty')}
        </p>
      ) : (
        <ol className="temary-subthemes__list" aria-label={t('subtheme.listOf', { title: theme.title })}>
          {theme.subthemes.map((s) => (
            <li key={s.id} data-testid="tree-subtheme">
              <span className="temary-order__position">{`${theme.position}.${s.position}`}</span>{' '}
              <Link to={subthemePath(s.id, theme.id, temary.id)}>{s.title}</Link>
            </li>
          ))}
        </ol>
      )}
      {!readOnly &&
        (adding === theme.id ? (
          <ChildForm
            values={null}
            textField="description"
            label={t('subtheme.addTo', { title: theme.title })}
            submitLabel={t('subtheme.add')}
            testId="subtheme-create"
            onSubmit={async (body) => {
              await api.subthemes.create(theme.id, body);
              toast.success(t('subtheme.created', { title: body.title }));
              setAdding(null);
              onChanged();
            }}
            onRefused={refused}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setAdding(null)}>
                {t('cancel')}
              </button>
            }
          />
        ) : (
          <button type="button" className="vk-btn vk-btn--light temary-add" aria-label={t('subtheme.addTo', { title: theme.title })} onClick={() => setAdding(theme.id)}>
            {t('subtheme.add')}
          </button>
        ))}
    </div>
  );

  return (
    <section className="card temary-section" aria-labelledby="temary-themes-title" data-testid="temary-tree">
      <h2 id="temary-themes-title" className="card__title">
        {t('theme.title')}
      </h2>
      <ErrorList messages={actions.errors} testId="theme-action-errors" />
      <OrderedList<ThemeWithSubthemes>
        kind="theme"
        items={temary.themes}
        label={t('theme.list')}
        readOnly={readOnly}
        busy={actions.busy}
        onMove={(theme, position) => void actions.move(theme, position)}
        onDelete={(theme) => void actions.remove(theme)}
        testId="theme"
        title={(theme) => (
          <Link to={themePath(theme.id, temary.id)} data-testid="theme-title">
            {theme.title}
          </Link>
        )}
        detail={(theme) => theme.description && <p className="muted temary-text temary-text--short">{theme.description}</p>}
        actions={(theme) => (
          <Link className="vk-btn vk-btn--light" to={themePath(theme.id, temary.id)} aria-label={t(readOnly ? 'theme.openNamed' : 'theme.editNamed', { title: theme.title })}>
            {t(readOnly ? 'open' : 'edit')}
          </Link>
        )}
        below={subthemes}
      />
      {!readOnly && (
        <div className="temary-create" data-testid="theme-create">
          <h3 className="temary-subtitle">{t('theme.addTitle')}</h3>
          <ChildForm
            key={added}
            values={null}
            textField="description"
            label={t('theme.addTitle')}
            submitLabel={t('theme.add')}
            onSubmit={async (body) => {
              await api.themes.create(temary.id, body);
              toast.success(t('theme.created', { title: body.title }));
              setAdded((n) => n + 1);
              onChanged();
            }}
            onRefused={refused}
          />
        </div>
      )}
    </section>
  );
}
