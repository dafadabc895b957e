import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilteredList, useToast, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Doubt, DoubtStatus, ValkiriaApi } from '../api';
import { messagesOf } from '../format';
import { DoubtStatusFilter, useDoubtColumns } from './DoubtList';

/**
 * A student's doubts (`GET duda/read?student_id=&status=`), all of them at first, newest first:
 * the status filter, the finder, the pages; each opens the doubt. "Marcar sus dudas como leídas"
 * (`duda/todas/leidas {student_id}`), then the list is read again.
 */
export function StudentDoubts({ api, studentId }: { api: ValkiriaApi; studentId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const columns = useDoubtColumns({ student: false });
  const [status, setStatus] = useState<'' | DoubtStatus>('');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const load = useCallback(
    (q: ListQuery) => api.doubts.list({ student_id: studentId, status, search: q.search, page: q.page, per_page: q.perPage }),
    [api, studentId, status],
  );

  async function markAll() {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.doubts.markAllRead(studentId);
      const count = answer?.marked ?? 0;
      toast.success(count > 0 ? t('doubts.marked', { count }) : t('doubts.markedNone'));
      setVersion((v) => v + 1);
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="student-doubts">
      <ErrorList messages={failures} testId="student-doubts-errors" />
      <FilteredList<Doubt>
        label={t('tabs.doubts')}
        columns={columns}
        rowKey={(d) => d.id}
        load={load}
        filtersKey={JSON.stringify({ status, version })}
        searchPlaceholder={t('doubts.search')}
        empty={t('studentDoubts.empty')}
        filters={<DoubtStatusFilter value={status} onChange={setStatus} testId="student-doubts-status" />}
        actions={
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy} data-testid="student-doubts-mark-all" onClick={() => void markAll()}>
            {t('studentDoubts.markAll')}
          </button>
        }
      />
    </div>
  );
}
