import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, TabPanel, Tabs, changedFields, errorList, useConfirm, useRecord, useSession, useToast, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Room, RoomsApi, StaffMember } from '../api';
import { DETAIL_TABS, PERMISSION, type DetailTab } from '../lists';
import { formatSpan, refusalText } from '../format';
import { pizarraPath } from '../paths';
import { LiveBadge } from './Badges';
import { InspectorsTab } from './InspectorsTab';
import { PeopleTab } from './PeopleTab';
import { ReportTab } from './ReportTab';
import { RoomForm, roomBody, roomDraft } from './RoomForm';

const TABS_ID = 'rooms-detail';

/**
 * A room beside the list (`GET athena/read?id=`): its head (name, times, teacher, "En directo",
 * "Entrar en el aula", "Cerrar") and four tabs: "Datos" (the form, `athena/update` with only what
 * changed, and "Eliminar", asked first), "Personas", "Inspectores" and "Informe". A deleted room
 * is read only. `onChanged` reads the list again after a write.
 */
export function RoomDetail({
  api,
  id,
  staff,
  onChanged,
  onClose,
}: {
  api: RoomsApi;
  id: number;
  staff: Loaded<StaffMember[]>;
  onChanged(): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  // the meeting page needs `room` besides `room.manage`
  const canEnter = useSession().can(PERMISSION);
  const { record: room, show, failed, formKey, load, reload } = useRecord<Room>(id, api.rooms.read);
  const [tab, setTab] = useState<DetailTab>('data');
  const [failures, setFailures] = useState<string[]>([]);

  if (failed !== null) {
    return (
      <section className="card rooms-detail" data-testid="room-detail">
        <PageState error={failed || t('detail.notFound')} onRetry={load} />
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('detail.close')}
        </button>
      </section>
    );
  }
  if (!room) {
    return (
      <section className="card rooms-detail" data-testid="room-detail">
        <PageState error={null} />
      </section>
    );
  }
  const deleted = room.state === 'deleted';

  async function remove() {
    if (!room) return;
    const ok = await confirm({
      title: t('rooms.delete.title'),
      message: t('rooms.delete.question', { name: room.name }),
      confirmLabel: t('rooms.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.rooms.remove(room.id);
      toast.success(t('rooms.delete.done', { name: room.name }));
      onChanged();
      onClose();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  return (
    <section className="card rooms-detail" aria-labelledby="rooms-detail-title" data-testid="room-detail">
      <header className="rooms-detail__head">
        <div>
          <h2 id="rooms-detail-title" className="rooms-detail__title" data-testid="detail-name">
            {room.name}
          </h2>
          <p className="rooms-inline">
            <span data-testid="detail-span">{formatSpan(room.starts_at, room.ends_at)}</span>
            {room.teacher_name && <span className="muted">{t('detail.teacher', { name: room.teacher_name })}</span>}
            {room.meeting && <LiveBadge />}
            {deleted && <DeletedBadge label={t('deleted')} />}
          </p>
        </div>
        <div className="rooms-actions">
          {!deleted && canEnter && (
            <Link className="vk-btn vk-btn--outline" to={pizarraPath(room.id)}>
              {t('detail.enter')}
            </Link>
          )}
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {t('detail.close')}
          </button>
        </div>
      </header>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="deleted-notice">
          {t('detail.deletedNotice')}
        </p>
      )}
      <Tabs id={TABS_ID} label={t('detail.tabs')} tabs={DETAIL_TABS.map((key) => ({ key, label: t(`detail.tab.${key}`) }))} selected={tab} onSelect={(key) => setTab(key as DetailTab)} />
      <TabPanel id={TABS_ID} tab="data" selected={tab} className="rooms-tab">
        <RoomForm
          key={formKey}
          api={api}
          room={room}
          staff={staff.data}
          staffFailed={staff.failed}
          label={t('detail.tab.data')}
          submitLabel={t('save')}
          disabled={deleted}
          onSubmit={async (body) => {
            // against the room as the form shows it (its times to the minute, its text trimmed)
            const before = roomBody(roomDraft(room));
            const fields = before ? changedFields(body, before) : body;
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.rooms.update(room.id, fields));
            toast.success(t('rooms.saved', { name: body.name }));
            onChanged();
          }}
        />
        {!deleted && (
          <div className="rooms-danger">
            <ErrorList messages={failures} testId="room-action-errors" />
            <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
              {t('rooms.delete.button')}
            </button>
          </div>
        )}
      </TabPanel>
      <TabPanel id={TABS_ID} tab="people" selected={tab} className="rooms-tab">
        <PeopleTab api={api} room={room} readOnly={deleted} />
      </TabPanel>
      <TabPanel id={TABS_ID} tab="inspectors" selected={tab} className="rooms-tab">
        <InspectorsTab
          api={api}
          room={room}
          readOnly={deleted}
          onChanged={() => {
            reload();
            onChanged();
          }}
        />
      </TabPanel>
      <TabPanel id={TABS_ID} tab="report" selected={tab} className="rooms-tab">
        <ReportTab api={api} roomId={room.id} />
      </TabPanel>
    </section>
  );
}
