import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@volante/plugin-ui';

export interface MenuEntry {
  to: string;
  labelKey: string;
  icon: string;
  /** Shown only with this permission / service. */
  permission?: string;
  service?: string;
}

/** The host's own entries; plugin entries will come from their manifests. */
export const MENU: MenuEntry[] = [{ to: '/dashboard', labelKey: 'menu.dashboard', icon: '◧' }];

export function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const entries = MENU.filter(
    (entry) => (!entry.permission || session.can(entry.permission)) && (!entry.service || session.hasService(entry.service)),
  );
  return (
    <aside className="app__sidebar" aria-label={t('menu.label')}>
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true" />
        <span className="sidebar__name">{t('app.name')}</span>
      </div>
      <nav className="sidebar__menu">
        <p className="sidebar__section">{t('menu.section')}</p>
        {entries.map((entry) => (
          <NavLink key={entry.to} to={entry.to} className="sidebar__link" onClick={onNavigate}>
            <span className="sidebar__icon" aria-hidden="true">
              {entry.icon}
            </span>
            <span>{t(entry.labelKey)}</span>
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
