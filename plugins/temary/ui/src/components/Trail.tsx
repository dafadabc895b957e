import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { temaryListPath, temaryPath, themePath } from '../paths';

/**
 * Where a theme or subtheme stands, as links back up the tree: "Temarios", its syllabus and
 * (for a subtheme) its theme. A name not read yet shows as "Temario" / "Tema N".
 */
export function Trail({ temaryId, temaryName, theme }: { temaryId: number; temaryName?: string | null; theme?: { id: number; title: string; position: number } | null }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <nav className="temary-trail" aria-label={t('trail.label')} data-testid="trail">
      <ol>
        <li>
          <Link to={temaryListPath()}>{t('title')}</Link>
        </li>
        {temaryId > 0 && (
          <li>
            <Link to={temaryPath(temaryId)}>{temaryName || t('temaries.view.fallback')}</Link>
          </li>
        )}
        {theme && (
          <li>
            <Link to={themePath(theme.id, temaryId)}>{t('theme.numbered', { position: theme.position, title: theme.title })}</Link>
          </li>
        )}
      </ol>
    </nav>
  );
}
