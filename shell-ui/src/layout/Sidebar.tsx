import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@volante/plugin-ui';
import { isProviderAdmin } from '../app/RequireProvider';
import { useModules } from '../modules/ModulesContext';
import { MenuBadge, usableBadge } from './MenuBadge';

export interface MenuEntry {
  to: string;
  labelKey: string;
  icon: string;
  /** Shown only with this permission / service. */
  permission?: string;
  service?: string;
}

/** The host's own entries. */
export const MENU: MenuEntry[] = [
  { to: '/dashboard', labelKey: 'menu.dashboard', icon: '◧' },
  { to: '/mail/layout/list', labelKey: 'menu.mailLayouts', icon: '✉', permission: 'business.general' },
];

/** The provider administrators' entries. */
export const PROVIDER_MENU: MenuEntry[] = [
  { to: '/facilauto/business/list', labelKey: 'menu.businesses', icon: '▦' },
  { to: '/facilauto/plugins', labelKey: 'menu.plugins', icon: '▣' },
  { to: '/facilauto/notifications/list', labelKey: 'menu.notifications', icon: '⚑' },
  { to: '/servicio/tecnico/servers', labelKey: 'menu.servers', icon: '◉' },
];

/** Manifest icon names → glyphs (no icon font in the first load). */
const ICONS: Record<string, string> = {
  people: '☺',
  person: '☺',
  calendar: '▤',
  clock: '◷',
  car: '◈',
  vehicle: '◈',
  workshop: '⚒',
  insurance: '☂',
  employee: '☻',
  roles: '⚷',
  sessions: '⌨',
  book: '▥',
  file: '▯',
  folder: '▰',
  box: '▣',
  money: '€',
  chart: '▲',
  settings: '⚙',
  chat: '✉',
  briefcase: '▩',
  video: '▶',
};

function Link({ to, icon, label, onNavigate, children }: { to: string; icon: string; label: string; onNavigate(): void; children?: ReactNode }) {
  return (
    <NavLink to={to} className="sidebar__link" onClick={onNavigate}>
      <span className="sidebar__icon" aria-hidden="true">
        {icon}
      </span>
      <span>{label}</span>
      {children}
    </NavLink>
  );
}

export function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { entries: modules } = useModules();
  const allowed = (entry: { permission?: string | null; service?: string }) =>
    (!entry.permission || session.can(entry.permission)) && (!entry.service || session.hasService(entry.service));
  // Only modules whose remote loaded: their labels live in their namespace, and their routes exist.
  const moduleEntries = modules
    .filter((m) => m.status === 'ready')
    .flatMap((m) => m.info.menu.filter(allowed).map((entry) => ({ ...entry, module: m.info })));
  return (
    <aside className="app__sidebar" aria-label={t('menu.label')}>
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true" />
        <span className="sidebar__name">{t('app.name')}</span>
      </div>
      <nav className="sidebar__menu">
        <p className="sidebar__section">{t('menu.section')}</p>
        {MENU.filter(allowed).map((entry) => (
          <Link key={entry.to} to={entry.to} icon={entry.icon} label={t(entry.labelKey)} onNavigate={onNavigate} />
        ))}
        {moduleEntries.length > 0 && <p className="sidebar__section">{t('menu.modules')}</p>}
        {moduleEntries.map((entry) => (
          <Link
            key={`${entry.module.plugin_id} ${entry.path}`}
            to={entry.path}
            icon={ICONS[entry.icon ?? ''] ?? '•'}
            label={t(entry.label, { defaultValue: entry.module.name })}
            onNavigate={onNavigate}
          >
            {usableBadge(entry.badge) && <MenuBadge pluginId={entry.module.plugin_id} badge={entry.badge} />}
          </Link>
        ))}
        {isProviderAdmin(session.user) && (
          <>
            <p className="sidebar__section">{t('menu.provider')}</p>
            {PROVIDER_MENU.map((entry) => (
              <Link key={entry.to} to={entry.to} icon={entry.icon} label={t(entry.labelKey)} onNavigate={onNavigate} />
            ))}
          </>
        )}
      </nav>
    </aside>
  );
}
