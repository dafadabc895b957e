/**
 * "Hay una versión nueva de Volante": the signed-in shell reads `versiones/ultima` once the user
 * is known and keeps its `release` (what this page loaded); it reads it again every
 * VERSION_CHECK_MS and whenever the tab becomes visible again. When the host answers another
 * `release` (the host or a module upgraded, a module installed, removed or switched for the user),
 * a notice stays at the bottom of the screen, whatever page is open, until "Recargar" (the page
 * loads again, with the new version) or until dismissed (a later release shows it again). A read
 * that fails changes nothing. A new session starts over (its user's modules are others).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useSession } from '@volante/plugin-ui';
import { VERSION_CHECK_MS, versionCalls } from '../features/about/api';
import './versionNotice.css';

/** What "Recargar" does (an object, so that a test can watch it: jsdom cannot reload). */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};

/** The notice, for a signed-in user (and watching for a new version meanwhile). */
export function VersionNotice() {
  const { user } = useSession();
  if (!user) return null;
  return <VersionWatch key={user.user_id} />;
}

function VersionWatch() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => versionCalls(api), [api]);
  // The release this page loaded (the first answer), and the newer one the host answers now.
  const loaded = useRef<string | null>(null);
  const [loadedRelease, setLoadedRelease] = useState<string | null>(null);
  const [newer, setNewer] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    // The first answer is what this page loaded; after it, only the latest read's answer counts
    // (an older one may arrive after it).
    let latest = 0;
    const read = () => {
      const mine = ++latest;
      calls.latest().then(
        (answer) => {
          const release = typeof answer?.release === 'string' ? answer.release : '';
          if (!alive || !release) return;
          if (loaded.current === null) {
            loaded.current = release;
            setLoadedRelease(release);
          } else if (mine === latest) {
            setNewer(release === loaded.current ? null : release);
          }
        },
        () => {
          // Offline, or the host is restarting: the next read tells.
        },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') read();
    };
    read();
    const timer = setInterval(read, VERSION_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [calls]);

  const shown = newer !== null && newer !== dismissed;
  return (
    <div className="version-notice-region" role="status" data-testid="version-watch" data-loaded={loadedRelease ?? ''}>
      {shown && (
        <div className="version-notice" data-testid="version-notice" data-release={newer}>
          <p className="version-notice__text">
            <strong>{t('about.notice.title')}</strong>
            <span>{t('about.notice.body')}</span>
          </p>
          <button type="button" className="vk-btn vk-btn--primary version-notice__reload" onClick={() => pageReload.reload()}>
            {t('about.notice.reload')}
          </button>
          <button type="button" className="version-notice__close" aria-label={t('about.notice.dismiss')} title={t('about.notice.dismiss')} onClick={() => setDismissed(newer)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
