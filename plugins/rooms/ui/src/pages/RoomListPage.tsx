import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, Dialog, FilterSelect, FilteredList, useApi, useLoad, usePageLayout, useToast, withoutNulls, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { roomsApi, type RoomItem } from '../api';
import { STATE_FILTERS } from '../lists';
import { formatSpan } from '../format';
import { roomListPath } from '../paths';
import { LiveBadge } from '../components/Badges';
import { RoomDetail } from '../components/RoomDetail';
import { RoomForm } from '../components/RoomForm';
import { SettingsDialog } from '../components/SettingsDialog';

/**
 * `/room/list` — every room of the business (`GET athena/read`, `room.manage`): a search, the
 * state and the days it starts ("Desde", "Hasta"); name (opens it beside the list, `?id=`),
 * teacher, times, how many members, students and inspectors, and "En directo" while a meeting is
 * open. "Nueva aula" (a dialog: `athena/create`, then the new room opens) and "Ajustes" (the
 * meeting server). The open room: `components/RoomDetail.tsx`.
 */
export default function RoomListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => roomsApi(client), [client]);
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const raw = params.get('id') ?? '';
  const openId = /^\d+$/.test(raw) ? Number(raw) : 0;
  const staff = useLoad(api.staff);
  const [state, setState] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [creating, setCreating] = useState(false);
  const [settings, setSettings] = useState(false);
  // bumped after a write: the same page of the list is read again
  const [version, setVersion] = useState(0);
  const title = t('list.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.rooms.list({ search: q.search, state, from, to, page: q.page, per_page: q.perPage }),
    [api, state, from, to],
  );
  const open = (id: number | null) => setParams(id ? { id: String(id) } : {});
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const columns: Column<RoomItem>[] = [
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (r) => (
        <span className="rooms-inline">
          <Link to={roomListPath(r.id)} data-testid="room-name" aria-current={r.id === openId ? 'true' : undefined}>
            {r.name}
          </Link>
          {r.live && <LiveBadge />}
          {r.state === 'deleted' && <DeletedBadge label={t('deleted')} />}
        </span>
      ),
    },
    { key: 'teacher', header: t('list.columns.teacher'), render: (r) => <span data-testid="room-teacher">{r.teacher_name ?? t('none')}</span> },
    { key: 'span', header: t('list.columns.span'), className: 'rooms-nowrap', render: (r) => <span data-testid="room-span">{formatSpan(r.starts_at, r.ends_at)}</span> },
    {
      key: 'people',
      header: t('list.columns.people'),
      render: (r) => (
        <span className="rooms-counts" data-testid="room-people">
          {t('list.people', { members: r.members, students: r.students, inspectors: r.inspectors })}
        </span>
      ),
    },
  ];

  return (
    <div className={openId ? 'rooms-page rooms-page--list rooms-page--open' : 'rooms-page rooms-page--list'} data-testid="room-list">
      <FilteredList<RoomItem>
        label={t('list.table')}
        columns={columns}
        rowKey={(r) => r.id}
        load={load}
        filtersKey={JSON.stringify({ state, from, to })}
        refreshKey={version}
        searchPlaceholder={t('list.search')}
        empty={t('list.empty')}
        filters={
          <>
            <FilterSelect
              label={t('list.filters.state')}
              value={state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`list.filters.states.${s || 'live'}`) }))}
              onChange={setState}
            />
            <label className="vk-inline-field rooms-date-filter">
              <span>{t('list.filters.from')}</span>
              <input className="vk-input" type="date" value={from} aria-label={t('list.filters.fromLabel')} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="vk-inline-field rooms-date-filter">
              <span>{t('list.filters.to')}</span>
              <input className="vk-input" type="date" value={to} aria-label={t('list.filters.toLabel')} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        }
        actions={
          <>
            <button type="button" className="vk-btn vk-btn--light" onClick={() => setSettings(true)}>
              {t('settings.button')}
            </button>
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('list.new')}
            </button>
          </>
        }
      />
      {openId > 0 && <RoomDetail key={openId} api={api} id={openId} staff={staff} onChanged={refresh} onClose={() => open(null)} />}
      {creating && (
        <Dialog title={t('rooms.create.title')} onClose={() => setCreating(false)} wide testId="room-create">
          <RoomForm
            api={api}
            room={null}
            staff={staff.data}
            staffFailed={staff.failed}
            label={t('rooms.create.title')}
            submitLabel={t('rooms.create.submit')}
            onSubmit={async (body) => {
              const created = await api.rooms.create(withoutNulls(body));
              toast.success(t('rooms.create.created', { name: created.name }));
              setCreating(false);
              refresh();
              open(created.id);
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                {t('cancel')}
              </button>
            }
          />
        </Dialog>
      )}
      {settings && <SettingsDialog api={api} onClose={() => setSettings(false)} />}
    </div>
  );
}
