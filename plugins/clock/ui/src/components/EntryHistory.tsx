import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, errorList, useApi, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { clockApi, type ClockChange, type ClockEntry } from '../api';
import { dateTimeText } from '../time';
import { LoadState } from './LoadState';

/**
 * An interval's trace (`clock/entry/{id}` → `changes`): when, who, the times before and after,
 * and why. Read-only: anyone who can see the interval sees its history.
 */
export function EntryHistory({ entry, onClose }: { entry: ClockEntry; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => clockApi(client), [client]);
  const [changes, setChanges] = useState<ClockChange[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(null);
    api.entry(entry.id).then(
      (answer) => setChanges(answer.changes ?? []),
      (e) => setFailed(errorList(e)[0]?.details ?? ''),
    );
  }, [api, entry.id]);
  useEffect(load, [load]);

  const span = (start: string, end: string | null) => t('history.span', { start: dateTimeText(start), end: end ? dateTimeText(end) : t('history.open') });
  const columns: Column<ClockChange>[] = [
    { key: 'changed_at', header: t('history.changedAt'), render: (c) => dateTimeText(c.changed_at) },
    { key: 'changed_by_name', header: t('history.changedBy') },
    { key: 'before', header: t('history.before'), render: (c) => <span data-testid="change-before">{span(c.started_before, c.ended_before)}</span> },
    { key: 'after', header: t('history.after'), render: (c) => <span data-testid="change-after">{span(c.started_after, c.ended_after)}</span> },
    { key: 'reason', header: t('history.reason'), className: 'clock-reason' },
  ];

  return (
    <section className="clock-panel" aria-labelledby={`clock-history-${entry.id}`} data-testid="entry-history">
      <div className="clock-panel__head">
        <h3 id={`clock-history-${entry.id}`} className="clock-panel__title">
          {t('history.title', { kind: t(`kindOf.${entry.kind}`), start: dateTimeText(entry.started_at) })}
        </h3>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
      {changes === null ? (
        <LoadState error={failed} onRetry={load} />
      ) : (
        <DataTable<ClockChange> label={t('history.table')} columns={columns} rows={changes} rowKey={(c) => changes.indexOf(c)} empty={t('history.empty')} />
      )}
    </section>
  );
}
