import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, SearchInput, errorList, fold, useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { employeesApi, type Device } from '../api';
import { personName } from '../format';
import { DevicesPanel } from '../components/DevicesPanel';

interface UserDevices {
  user_id: number;
  name: string;
  email: string;
  devices: Device[];
}

/** The business's devices by user, in the host's order (users by id, devices last seen first). */
export function byUser(devices: Device[]): UserDevices[] {
  const users = new Map<number, UserDevices>();
  for (const d of devices) {
    let user = users.get(d.user_id);
    if (!user) {
      user = { user_id: d.user_id, name: personName(d.first_name, d.last_name) || d.email, email: d.email, devices: [] };
      users.set(d.user_id, user);
    }
    user.devices.push(d);
  }
  return [...users.values()];
}

/**
 * /employee/sessions/list — every device of the business's users and their open sessions
 * (`user/sessions/list`; route permission `employee.devices`), by user, searchable by name or
 * e-mail (from 2 characters): rename a device, remove it, or close all of a user's sessions.
 */
export default function SessionListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => employeesApi(client), [client]);
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  usePageLayout({ title: t('sessions.title'), breadcrumbs: [{ label: t('title') }, { label: t('sessions.title') }] });

  const load = useCallback(() => {
    setFailed(null);
    api.devices.all().then(setDevices, (e) => setFailed(errorList(e)[0]?.details ?? ''));
  }, [api]);
  useEffect(load, [load]);

  if (!devices) return <PageState error={failed} onRetry={load} />;
  const words = fold(search).split(/\s+/).filter(Boolean);
  const users = byUser(devices).filter((u) => words.every((w) => fold(`${u.name} ${u.email}`).includes(w)));

  return (
    <div className="employees-page" data-testid="session-list">
      <section className="card employees-toolbar">
        <SearchInput onSearch={setSearch} placeholder={t('sessions.search')} debounceMs={0} />
        <p className="muted" data-testid="sessions-summary">
          {t('sessions.summary', { users: users.length, devices: users.reduce((n, u) => n + u.devices.length, 0) })}
        </p>
      </section>
      {users.length === 0 && (
        <p className="muted card" data-testid="sessions-empty">
          {t(devices.length === 0 ? 'sessions.empty' : 'sessions.noMatch')}
        </p>
      )}
      {users.map((u) => (
        <section key={u.user_id} className="card employees-section" aria-labelledby={`employees-user-${u.user_id}`} data-testid="session-user">
          <h2 id={`employees-user-${u.user_id}`} className="card__title">
            {u.name} <small className="muted">{u.email}</small>
          </h2>
          <DevicesPanel api={api} userId={u.user_id} userName={u.name} devices={u.devices} canEdit onChanged={load} />
        </section>
      ))}
    </div>
  );
}
