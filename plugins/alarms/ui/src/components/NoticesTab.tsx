import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, errorList, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AlarmsApi, Notice } from '../api';
import { formatMoment, linkOf } from '../format';
import type { NoticesState } from '../useNotices';

/**
 * "Avisos": the caller's notices, newest first, each with its title, description and when it
 * went off; "Abrir" goes to its link (when it has one) and "Descartar" dismisses it
 * (`alarma/notice/dismiss {id}`); "Descartar todos" sends `{all: true}`.
 */
export function NoticesTab({ api, state }: { api: AlarmsApi; state: NoticesState }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const { notices, failed, load, drop, clear } = state;

  if (!notices) return <PageState error={failed} onRetry={load} />;

  async function dismiss(notice: Notice) {
    setFailures([]);
    setBusy(true);
    try {
      await api.notices.dismiss(notice.id);
      drop(notice.id);
      toast.success(t('notices.dismissed', { title: notice.title }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  async function dismissAll() {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.notices.dismissAll();
      clear();
      toast.success(t('notices.dismissedAll', { count: answer?.dismissed ?? 0 }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  const { items, total } = notices;
  return (
    <section className="card alarms-section" aria-labelledby="alarms-notices-title" data-testid="notices">
      <div className="alarms-section__head">
        <h2 id="alarms-notices-title" className="card__title">
          {t('notices.title')}
        </h2>
        {items.length > 0 && (
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void dismissAll()}>
            {t('notices.dismissAll')}
          </button>
        )}
      </div>
      <ErrorList messages={failures} testId="notice-errors" />
      {items.length === 0 ? (
        <p className="muted" data-testid="notices-empty">
          {t('notices.empty')}
        </p>
      ) : (
        <ul className="alarms-notices" aria-label={t('notices.list')}>
          {items.map((notice) => {
            const link = linkOf(notice.link);
            return (
              <li key={notice.id} className="alarms-notice" data-testid="notice">
                <div className="alarms-notice__text">
                  <h3 className="alarms-notice__title" data-testid="notice-title">
                    {notice.title}
                  </h3>
                  {notice.description && (
                    <p className="alarms-notice__description" data-testid="notice-description">
                      {notice.description}
                    </p>
                  )}
                  <p className="muted alarms-notice__when">
                    <time dateTime={notice.fired_at} data-testid="notice-time">
                      {t('notices.firedAt', { when: formatMoment(notice.fired_at) })}
                    </time>
                  </p>
                </div>
                <div className="alarms-row-actions">
                  {link && (
                    <button type="button" className="vk-btn vk-btn--primary" aria-label={t('notices.openNamed', { title: notice.title })} onClick={() => navigate(link)}>
                      {t('notices.open')}
                    </button>
                  )}
                  <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('notices.dismissNamed', { title: notice.title })} onClick={() => void dismiss(notice)}>
                    {t('notices.dismiss')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {total > items.length && (
        <p className="muted" data-testid="notices-more">
          {t('notices.more', { shown: items.length, total })}
        </p>
      )}
    </section>
  );
}
