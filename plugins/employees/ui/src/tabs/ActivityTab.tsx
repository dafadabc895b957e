import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, errorList, formatDateTime, useSession, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { LOG_PAGE, type LogEntry } from '../api';
import { describeDetail } from '../format';
import type { TabProps } from './types';

/**
 * "Actividad": what the employee's account did and what was done to it (`user/log?user_id=`),
 * newest first, 50 at a time ("Ver más"): when, what (the host's action in words; an unknown one
 * as it comes), by whom, and the details.
 */
export function ActivityTab({ api, employee }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const userId = employee.account?.user_id ?? employee.user_id;
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchFrom = useCallback(
    (offset: number) => {
      if (!userId) return;
      setFailed(null);
      setBusy(true);
      api.users.log(userId, offset).then(
        (page) => {
          setEntries((before) => (offset === 0 ? page : [...(before ?? []), ...page]));
          setMore(page.length === LOG_PAGE);
          setBusy(false);
        },
        (e) => {
          setFailed(errorList(e)[0]?.details ?? '');
          setBusy(false);
        },
      );
    },
    [api, userId],
  );
  useEffect(() => fetchFrom(0), [fetchFrom]);

  if (!userId) {
    return (
      <p className="muted" data-testid="activity-none">
        {t('activity.noAccount')}
      </p>
    );
  }
  if (!entries) return <PageState error={failed} onRetry={() => fetchFrom(0)} />;

  const actor = (id: number | null) => {
    if (id === null) return t('activity.bySystem');
    if (id === userId) return t('activity.byEmployee');
    if (id === session.user?.user_id) return t('activity.byYou');
    return t('activity.byUser', { id });
  };
  const columns: Column<LogEntry>[] = [
    { key: 'created_at', header: t('activity.columns.when'), className: 'employees-nowrap', render: (l) => formatDateTime(l.created_at) },
    { key: 'action', header: t('activity.columns.action'), render: (l) => <span data-testid="activity-action">{t(`activity.actions.${l.action.replace(/\./g, '_')}`, { defaultValue: l.action })}</span> },
    { key: 'actor', header: t('activity.columns.by'), render: (l) => actor(l.actor_user_id) },
    { key: 'detail', header: t('activity.columns.detail'), className: 'employees-detail', render: (l) => describeDetail(l.detail) },
  ];
  return (
    <div className="employees-stack" data-testid="activity">
      <DataTable<LogEntry> label={t('activity.table')} columns={columns} rows={entries} rowKey={(l) => l.audit_log_id} loading={busy} empty={t('activity.empty')} />
      {failed && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {failed || t('loadError')}
        </p>
      )}
      {more && (
        <div className="employees-actions">
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => fetchFrom(entries.length)}>
            {t('activity.more')}
          </button>
        </div>
      )}
    </div>
  );
}
