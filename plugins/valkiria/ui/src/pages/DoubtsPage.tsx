import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilterSelect, FilteredList, useApi, usePageLayout, useRealtime, useToast, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Doubt, type DoubtStatus } from '../api';
import { messagesOf } from '../format';
import { DEFAULT_DOUBT_STATUS, LICENCES } from '../lists';
import { SubNav } from '../components/SubNav';
import { DoubtStatusFilter, useDoubtColumns } from '../components/DoubtList';

/**
 * `/dudas/list` — the students' doubts, newest first (`GET duda/read`): the status (unread
 * first, as the list opens), the licence and the finder (text, statement or student, from 2
 * characters), "Viendo x a y de z"; each row opens the doubt. The page's `unread` (the school's
 * unread doubts) is shown above, with "Marcar todas como leídas" (`duda/todas/leidas`; then the
 * list is read again and a toast says how many). A doubt asked, read or answered anywhere (the
 * realtime topic `valkiria.doubt`) reads the same page again.
 */
export default function DoubtsPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const toast = useToast();
  const [status, setStatus] = useState<'' | DoubtStatus>(DEFAULT_DOUBT_STATUS);
  const [licence, setLicence] = useState('');
  const [version, setVersion] = useState(0);
  const [pushes, setPushes] = useState(0);
  useRealtime('valkiria.doubt', () => setPushes((n) => n + 1));
  const [unread, setUnread] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const columns = useDoubtColumns();
  usePageLayout({ title: t('doubts.title'), breadcrumbs: [{ label: t('title') }, { label: t('doubts.title') }] });

  const load = useCallback(
    (q: ListQuery) =>
      api.doubts.list({ status, licence, search: q.search, page: q.page, per_page: q.perPage }).then((answer) => {
        if (typeof answer.unread === 'number') setUnread(answer.unread);
        return answer;
      }),
    [api, status, licence],
  );

  async function markAll() {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.doubts.markAllRead();
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
    <div className="valkiria-page" data-testid="doubts">
      <SubNav />
      <div className="valkiria-toolbar">
        {unread !== null && (
          <span className={`vk-badge ${unread > 0 ? 'vk-badge--warning' : ''}`} role="status" data-testid="doubts-unread" data-unread={unread}>
            {unread > 0 ? t('doubts.unreadCount', { count: unread }) : t('doubts.noneUnread')}
          </span>
        )}
      </div>
      <ErrorList messages={failures} testId="doubts-errors" />
      <FilteredList<Doubt>
        label={t('doubts.table')}
        columns={columns}
        rowKey={(d) => d.id}
        load={load}
        filtersKey={JSON.stringify({ status, licence, version })}
        refreshKey={pushes}
        searchPlaceholder={t('doubts.search')}
        empty={t(status ? `doubts.empty.${status}` : 'doubts.empty.all')}
        filters={
          <>
            <DoubtStatusFilter value={status} onChange={setStatus} testId="doubts-status" />
            <span data-testid="doubts-licence">
              <FilterSelect label={t('fields.licence')} value={licence} options={[{ value: '', label: t('doubts.allLicences') }, ...LICENCES.map((l) => ({ value: l, label: t('licenceNamed', { licence: l }) }))]} onChange={setLicence} />
            </span>
          </>
        }
        actions={
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy || unread === 0} data-testid="doubts-mark-all" onClick={() => void markAll()}>
            {t('doubts.markAll')}
          </button>
        }
      />
    </div>
  );
}
