import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink, DataTable, ErrorList, errorList, formatDate, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Inspector, Room, RoomsApi } from '../api';
import { refusalText } from '../format';
import { InspectorDialog } from './InspectorDialog';

/**
 * "Inspectores": who watches the room's meetings and attendance with a personal link (name,
 * organisation, e-mail, the link with "Copiar" or "No hay enlace disponible", since when); those
 * whose access was taken away stay, marked "Sin acceso".
 * "Nuevo inspector" (a dialog) and "Eliminar" (asked first: the link stops opening the room).
 * After each change the room is read again.
 */
export function InspectorsTab({ api, room, onChanged, readOnly }: { api: RoomsApi; room: Room; onChanged(): void; readOnly: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  async function remove(inspector: Inspector) {
    const ok = await confirm({
      title: t('inspectors.delete.title'),
      message: t('inspectors.delete.question', { name: inspector.name }),
      confirmLabel: t('inspectors.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.inspectors.remove(inspector.id);
      toast.success(t('inspectors.delete.done', { name: inspector.name }));
      onChanged();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  // access taken away: kept in the list, for the record
  const removed = (i: Inspector) => i.state === 'deleted';
  const columns: Column<Inspector>[] = [
    {
      key: 'name',
      header: t('inspectors.columns.name'),
      render: (i) => (
        <span className="rooms-inline">
          <strong data-testid="inspector-name">{i.name}</strong>
          {removed(i) && (
            <span className="vk-badge" data-testid="inspector-removed">
              {t('inspectors.removed')}
            </span>
          )}
        </span>
      ),
    },
    { key: 'organisation', header: t('inspectors.columns.organisation'), render: (i) => i.organisation || t('none') },
    { key: 'email', header: t('inspectors.columns.email'), render: (i) => i.email || t('none') },
    { key: 'url', header: t('inspectors.columns.url'), render: (i) => <CopyLink text={i.url} name={i.name} showUrl className="rooms-link" testId="inspector-link" /> },
    { key: 'created_at', header: t('inspectors.columns.created_at'), className: 'rooms-nowrap', render: (i) => formatDate(i.created_at) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (i) =>
        !readOnly &&
        !removed(i) && (
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('inspectors.delete.named', { name: i.name })} onClick={() => void remove(i)}>
            {t('inspectors.delete.action')}
          </button>
        ),
    },
  ];

  return (
    <div className="rooms-section" data-testid="inspectors">
      <div className="rooms-toolbar">
        <p className="muted">{t('inspectors.hint')}</p>
        {!readOnly && (
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
            {t('inspectors.new')}
          </button>
        )}
      </div>
      <ErrorList messages={failures} testId="inspector-action-errors" />
      <DataTable<Inspector> columns={columns} rows={room.inspectors} rowKey={(i) => i.id} label={t('inspectors.table')} empty={t('inspectors.empty')} />
      {creating && (
        <InspectorDialog
          api={api}
          room={room}
          onClose={() => setCreating(false)}
          onCreated={(inspector, sent) => {
            setCreating(false);
            toast.success(sent ? t('inspectors.create.sent', { name: inspector.name, email: inspector.email }) : t('inspectors.create.done', { name: inspector.name }));
            onChanged();
          }}
        />
      )}
    </div>
  );
}
