import { useTranslation } from 'react-i18next';
import { useSession } from '@volante/plugin-ui';
import { useLayout } from './LayoutContext';
import { UserMenu } from './UserMenu';
import { NotificationBell } from './NotificationBell';

export function Header({ onToggleMenu }: { onToggleMenu(): void }) {
  const { t } = useTranslation();
  const { config } = useLayout();
  const { user } = useSession();
  const fiscalName = config.fiscalName ?? user?.business.fiscal_name ?? '';
  return (
    <header className="app__header">
      <button type="button" className="header__burger" onClick={onToggleMenu} aria-label={t('menu.toggle')}>
        ☰
      </button>
      <span className="header__fiscal" data-testid="header-fiscal-name">
        {fiscalName}
      </span>
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
