import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ClockEntry } from '../api';
import { timeOnDay } from '../time';
import { Marks } from './Marks';
import { useDuration } from './useDuration';

/** A day's intervals: Trabajo / Pausa, start–end in local time ("en curso" when open), length, "editado". */
export function EntriesTable({ entries, day, label, actions }: { entries: ClockEntry[]; day: string; label: string; actions?(entry: ClockEntry): ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const duration = useDuration();
  const columns: Column<ClockEntry>[] = [
    {
      key: 'kind',
      header: t('entries.kind'),
      render: (e) => (
        <span className={`clock-kind clock-kind--${e.kind}`} data-testid="entry-kind">
          {t(`kind.${e.kind}`)}
        </span>
      ),
    },
    { key: 'started_at', header: t('entries.start'), render: (e) => <span data-testid="entry-start">{timeOnDay(e.started_at, day)}</span> },
    {
      key: 'ended_at',
      header: t('entries.end'),
      render: (e) => <span data-testid="entry-end">{e.ended_at ? timeOnDay(e.ended_at, day) : <em className="clock-running">{t('entries.running')}</em>}</span>,
    },
    { key: 'minutes', header: t('entries.minutes'), className: 'clock-num', render: (e) => duration(e.minutes) },
    { key: 'edited', header: t('entries.marks'), render: (e) => <Marks edited={e.edited} gender="entry" /> },
  ];
  if (actions) columns.push({ key: 'actions', header: t('entries.actions'), className: 'vk-table__actions', render: actions });
  return <DataTable<ClockEntry> label={label} columns={columns} rows={entries} rowKey={(e) => e.id} empty={t('entries.empty')} />;
}
