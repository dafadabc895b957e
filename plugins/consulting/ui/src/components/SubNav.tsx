import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { KINDS } from '../lists';
import { listPath } from '../paths';

/** The four kinds' lists, as tabs over every screen of the plugin (a record's view marks its kind). */
export function SubNav() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <nav className="vk-tabs consulting-nav" aria-label={t('nav')}>
      {KINDS.map((kind) => (
        <NavLink key={kind} to={listPath(kind)} className={({ isActive }) => (isActive ? 'vk-tab is-active' : 'vk-tab')}>
          {t(`kinds.${kind}.tab`)}
        </NavLink>
      ))}
    </nav>
  );
}
