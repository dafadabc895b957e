import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, errorList, formatDate, formatDateTime, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Device, EmployeesApi } from '../api';
import { useEmployeeFieldErrors } from './Field';

/**
 * One user's devices (`user/sessions/read|list`): name (renamed in place, `user/sessions/rename`),
 * whether it is authorised (no sign-in code) and until when, last seen, its open sessions (IP,
 * browser; "esta sesión" for the caller's own); "Quitar" forgets a device and closes its sessions
 * (`user/sessions/remove`), "Cerrar todas las sesiones" forgets them all (`user/sessions/purge`),
 * both confirmed. After a change, `onChanged` reads them again.
 */
export function DevicesPanel({ api, userId, userName, devices, canEdit, onChanged, testId }: { api: EmployeesApi; userId: number; userName: string; devices: Device[]; canEdit: boolean; onChanged(): void; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onChanged();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(device: Device) {
    if (!(await confirm({ message: t('devices.removeQuestion', { device: deviceName(device), user: userName }), confirmLabel: t('devices.remove'), tone: 'danger' }))) return;
    await run(() => api.devices.remove(device.device_id), t('devices.removed'));
  }

  async function purge() {
    if (!(await confirm({ message: t('devices.purgeQuestion', { user: userName }), confirmLabel: t('devices.purge'), tone: 'danger' }))) return;
    await run(() => api.devices.purge(userId), t('devices.purged'));
  }

  const deviceName = (d: Device) => d.name || t('devices.unnamed', { key: d.device.slice(0, 8) });

  const columns: Column<Device>[] = [
    {
      key: 'name',
      header: t('devices.columns.name'),
      render: (d) =>
        renaming === d.device_id ? (
          <RenameForm
            api={api}
            device={d}
            onDone={(renamed) => {
              setRenaming(null);
              if (renamed) {
                toast.success(t('devices.renamed'));
                onChanged();
              }
            }}
          />
        ) : (
          <>
            <span data-testid="device-name">{deviceName(d)}</span>
            <small className="muted employees-block">{t('devices.since', { date: formatDate(d.created_at) })}</small>
          </>
        ),
    },
    {
      key: 'authorized',
      header: t('devices.columns.authorized'),
      render: (d) =>
        d.authorized ? (
          <span className="vk-badge vk-badge--success">{t('devices.authorizedUntil', { date: formatDate(d.authorized_until) })}</span>
        ) : (
          <span className="vk-badge employees-badge--muted">{t('devices.notAuthorized')}</span>
        ),
    },
    { key: 'last_seen_at', header: t('devices.columns.lastSeen'), className: 'employees-nowrap', render: (d) => formatDateTime(d.last_seen_at) },
    {
      key: 'sessions',
      header: t('devices.columns.sessions'),
      render: (d) =>
        d.sessions.length === 0 ? (
          <span className="muted">{t('devices.noSessions')}</span>
        ) : (
          <ul className="employees-sessions" data-testid="device-sessions">
            {d.sessions.map((s) => (
              <li key={s.session_id}>
                {t('devices.session', { ip: s.ip || '—', date: formatDateTime(s.last_seen_at) })}
                {s.current && <span className="vk-badge vk-badge--success employees-inline-badge">{t('devices.current')}</span>}
                {s.user_agent && <small className="muted employees-block employees-agent">{s.user_agent}</small>}
              </li>
            ))}
          </ul>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (d) => (
        <>
          {renaming !== d.device_id && (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('devices.renameNamed', { device: deviceName(d) })} onClick={() => setRenaming(d.device_id)}>
              {t('devices.rename')}
            </button>
          )}{' '}
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('devices.removeNamed', { device: deviceName(d) })} onClick={() => void remove(d)}>
            {t('devices.remove')}
          </button>
        </>
      ),
    });
  }

  return (
    <div className="employees-devices" data-testid={testId}>
      <DataTable<Device> label={t('devices.table', { user: userName })} columns={columns} rows={devices} rowKey={(d) => d.device_id} empty={t('devices.empty')} />
      {canEdit && devices.length > 0 && (
        <div className="employees-actions">
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void purge()}>
            {t('devices.purge')}
          </button>
        </div>
      )}
    </div>
  );
}

function RenameForm({ api, device, onDone }: { api: EmployeesApi; device: Device; onDone(renamed: boolean): void }) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['name']);
  const [name, setName] = useState(device.name);
  const [busy, setBusy] = useState(false);
  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      await api.devices.rename(device.device_id, name.trim());
      onDone(true);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
      setBusy(false);
    }
  }
  return (
    <form
      className="employees-rename"
      aria-label={t('devices.renameForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field form={formId} field="name" label={t('devices.newName')} error={errors.errors.name ?? errors.general[0]}>
        <input className="vk-input" {...errors.control('name')} value={name} maxLength={120} autoComplete="off" disabled={busy} onChange={(ev) => setName(ev.target.value)} />
      </Field>
      <div className="employees-actions">
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {t('devices.saveName')}
        </button>
        <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => onDone(false)}>
          {t('devices.cancel')}
        </button>
      </div>
    </form>
  );
}
