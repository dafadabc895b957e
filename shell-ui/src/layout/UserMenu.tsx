import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@volante/plugin-ui';
import { LANGUAGES } from '../config';
import { useLock } from '../features/lock/LockContext';
import { useSignOut } from '../features/auth/useSignOut';
import { ABOUT_VERSION_PATH } from '../features/about/paths';

function initials(first = '', last = ''): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '·';
}

/** The header's user menu: who is signed in, language, "Acerca de" (/about/version), lock, logout. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { lock } = useLock();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('userMenu.open')}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(user?.first_name, user?.last_name)}
        </span>
        <span className="user-menu__name">{user?.first_name}</span>
      </button>
      {open && (
        <div className="user-menu__panel" id={menuId} role="menu">
          <div className="user-menu__who">
            <strong>{name}</strong>
            <span>{user?.email}</span>
          </div>
          <div className="user-menu__group" role="group" aria-label={t('userMenu.language')}>
            <span className="user-menu__label">{t('userMenu.language')}</span>
            {LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="button"
                role="menuitemradio"
                aria-checked={i18n.resolvedLanguage === lng}
                className="user-menu__item"
                onClick={() => void i18n.changeLanguage(lng)}
              >
                {t(`languages.${lng}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            onClick={() => {
              setOpen(false);
              navigate(ABOUT_VERSION_PATH);
            }}
          >
            {t('userMenu.about')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            onClick={() => {
              setOpen(false);
              lock();
            }}
          >
            {t('userMenu.lock')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--danger"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            {t('userMenu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
