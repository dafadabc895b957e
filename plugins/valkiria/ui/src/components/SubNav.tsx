import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { BANK_PATH, DOUBTS_PATH, EXPIRIES_PATH, STUDENTS_PATH } from '../paths';

/** The plugin's four lists, as tabs over its screens (a test's editor marks none). */
const SECTIONS = [
  { key: 'bank', to: BANK_PATH },
  { key: 'students', to: STUDENTS_PATH },
  { key: 'expiries', to: EXPIRIES_PATH },
  { key: 'doubts', to: DOUBTS_PATH },
] as const;

export function SubNav() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <nav className="vk-tabs valkiria-nav" aria-label={t('nav.label')}>
      {SECTIONS.map((s) => (
        <NavLink key={s.key} to={s.to} end className={({ isActive }) => (isActive ? 'vk-tab is-active' : 'vk-tab')} data-testid={`nav-${s.key}`}>
          {t(`nav.${s.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
