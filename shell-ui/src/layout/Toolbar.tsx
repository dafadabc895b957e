import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLayout } from './LayoutContext';

/** Page title and breadcrumbs, 55px high, or 0 and empty when the page hides it. */
export function Toolbar({ height }: { height: number }) {
  const { t } = useTranslation();
  const { config } = useLayout();
  return (
    <div className="app__toolbar" style={{ height }} data-testid="toolbar" aria-hidden={height === 0}>
      {config.toolbar && (
        <div className="container-fixed toolbar__inner">
          <h1 className="toolbar__title">{config.title}</h1>
          {config.breadcrumbs.length > 0 && (
            <nav aria-label={t('layout.breadcrumbs')}>
              <ol className="breadcrumbs">
                {config.breadcrumbs.map((crumb, i) => (
                  <li key={`${i}-${crumb.label}`} className="breadcrumbs__item">
                    {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span>{crumb.label}</span>}
                  </li>
                ))}
              </ol>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}
