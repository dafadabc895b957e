import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, mockRealtime, type MockApi, type MockRealtime, type MockRequest } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../test/renderApp';
import { bellCount, type InboxItem } from './NotificationBell';

const exam: InboxItem = {
  notification_id: 5,
  title: 'Cambios en el examen práctico',
  body: 'Desde el 1 de abril cambia el recorrido.',
  level: 'urgent',
  group_name: 'Normativa',
  created_at: '2026-03-02T09:05:00Z',
  read: false,
};
const fees: InboxItem = { ...exam, notification_id: 4, title: 'Nuevas tarifas', body: 'Consulte la circular.', level: 'info', group_name: null, created_at: '2026-02-20T17:30:00Z', read: false };
const old: InboxItem = { ...fees, notification_id: 3, title: 'Mantenimiento el domingo', level: 'warning', read: true };

/** A fake host holding the school's inbox: reads and marks as the real one would. */
function schoolApi(items: InboxItem[] = [exam, fees, old], user: SessionUser = demoUser): { api: MockApi; inbox: InboxItem[] } {
  const inbox = items.map((i) => ({ ...i }));
  const unread = () => inbox.filter((i) => !i.read).length;
  const api = mockApi({
    'GET user/verify': envelopeOk({ user }),
    'GET user/update': envelopeOk({ user }),
    'GET notifications/inbox': () => envelopeOk({ items: inbox.map((i) => ({ ...i })), unread: unread() }),
    'POST notifications/inbox/read': (req: MockRequest) => {
      const body = req.body as { notification_id?: number; all?: boolean };
      for (const item of inbox) if (body.all || item.notification_id === body.notification_id) item.read = true;
      return envelopeOk({ unread: unread() });
    },
  });
  return { api, inbox };
}

const bell = () => screen.getByRole('button', { name: /^Notificaciones/ });
const count = () => screen.queryByTestId('bell-count');

async function start(items?: InboxItem[], realtime?: MockRealtime) {
  const host = schoolApi(items);
  renderApp('/dashboard', { api: host.api, signedIn: true, realtime });
  await screen.findByTestId('greeting');
  await waitFor(() => expect(host.api.calls('GET notifications/inbox')).toHaveLength(1));
  return host;
}

describe('the notification bell', () => {
  it('shows the unread count, none at 0 and "99+" above 99', async () => {
    await start();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(bell()).toHaveAccessibleName('Notificaciones (2 sin leer)');
    expect(bellCount(0)).toBe('');
    expect(bellCount(99)).toBe('99');
    expect(bellCount(100)).toBe('99+');
  });

  it('shows no count when everything is read', async () => {
    await start([old]);
    fireEvent.click(bell());
    await within(screen.getByRole('dialog', { name: 'Notificaciones' })).findByText('Mantenimiento el domingo');
    expect(bell()).toHaveAccessibleName('Notificaciones');
    expect(count()).toBeNull();
  });

  it('lists the inbox with level, date and the unread in bold; opening one shows its body and marks it read', async () => {
    const { api } = await start();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    fireEvent.click(bell());
    const panel = screen.getByRole('dialog', { name: 'Notificaciones' });
    const items = within(panel).getAllByTestId('bell-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('Cambios en el examen práctico').tagName).toBe('STRONG');
    expect(within(items[0]).getByText('Urgente')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('02/03/2026 - 10:05');
    expect(within(items[2]).getByText('Mantenimiento el domingo').tagName).not.toBe('STRONG');
    expect(within(panel).queryByText('Desde el 1 de abril cambia el recorrido.')).toBeNull();

    fireEvent.click(within(items[0]).getByRole('button', { name: /Cambios en el examen práctico/ }));
    expect(within(panel).getByText('Desde el 1 de abril cambia el recorrido.')).toBeInTheDocument();
    await waitFor(() => expect(count()).toHaveTextContent('1'));
    expect(api.calls('POST notifications/inbox/read')[0].body).toEqual({ notification_id: 5 });
    expect(within(items[0]).getByText('Cambios en el examen práctico').tagName).not.toBe('STRONG');

    // A read one opens without marking anything.
    fireEvent.click(within(items[2]).getByRole('button', { name: /Mantenimiento el domingo/ }));
    expect(within(panel).getByText('Consulte la circular.')).toBeInTheDocument();
    expect(api.calls('POST notifications/inbox/read')).toHaveLength(1);
  });

  it('"Marcar todas como leídas" marks them all and hides the count', async () => {
    const { api } = await start();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    fireEvent.click(bell());
    const panel = screen.getByRole('dialog', { name: 'Notificaciones' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(count()).toBeNull());
    expect(api.calls('POST notifications/inbox/read')[0].body).toEqual({ all: true });
    expect(within(panel).queryAllByText(/./, { selector: 'strong.bell__title' })).toHaveLength(0);
    expect(within(panel).getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  it('closes with Escape', async () => {
    await start();
    fireEvent.click(bell());
    expect(screen.getByRole('dialog', { name: 'Notificaciones' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull();
  });

  it('says when there is nothing', async () => {
    await start([]);
    fireEvent.click(bell());
    expect(await within(screen.getByRole('dialog', { name: 'Notificaciones' })).findByText('No hay notificaciones')).toBeInTheDocument();
  });

  it('is not shown to the provider, who sends them', async () => {
    const admin: SessionUser = { ...demoUser, user_id: 1, business: { business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true } };
    const { api } = schoolApi([exam], admin);
    renderApp('/dashboard', { api, signedIn: true });
    await screen.findByTestId('greeting');
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /^Notificaciones/ })).toBeNull();
    expect(api.calls('GET notifications/inbox')).toHaveLength(0);
  });
});

describe('the notification bell, live', () => {
  it('reads again when the stream opens, on a new notification (with a toast of its title) and when some are read elsewhere', async () => {
    const realtime = mockRealtime();
    const { api, inbox } = await start([old], realtime);
    await waitFor(() => expect(realtime.current?.listens('volante.notification')).toBe(true));
    expect(realtime.current?.listens('volante.notification_read')).toBe(true);
    realtime.ready();
    await waitFor(() => expect(api.calls('GET notifications/inbox')).toHaveLength(2));
    expect(count()).toBeNull();

    // The provider sends one to this school.
    inbox.unshift({ ...exam });
    realtime.emit('volante.notification', { notification_id: 5, title: 'Cambios en el examen práctico', level: 'urgent' });
    await waitFor(() => expect(count()).toHaveTextContent('1'));
    expect(api.calls('GET notifications/inbox')).toHaveLength(3);
    const toasts = screen.getByRole('region', { name: 'Notificaciones' });
    const toast = within(toasts).getByText('Cambios en el examen práctico');
    expect(toast.tagName).toBe('STRONG');

    // "Ver" in the toast opens the inbox.
    fireEvent.click(within(toasts).getByRole('button', { name: 'Ver' }));
    expect(within(screen.getByRole('dialog', { name: 'Notificaciones' })).getByText('Cambios en el examen práctico').tagName).toBe('STRONG');
    expect(within(toasts).queryByText('Cambios en el examen práctico')).toBeNull();

    // Read in another tab: the host tells this one.
    inbox[0].read = true;
    realtime.emit('volante.notification_read', { unread: 0 });
    await waitFor(() => expect(count()).toBeNull());
    await waitFor(() => expect(api.calls('GET notifications/inbox')).toHaveLength(4));
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Notificaciones' })).getByText('Cambios en el examen práctico').tagName).not.toBe('STRONG'));
  });

  it('shows "99+" when a push brings the count above 99', async () => {
    const realtime = mockRealtime();
    const { api } = await start([old], realtime);
    await waitFor(() => expect(realtime.current?.listens('volante.notification')).toBe(true));
    api.on('GET notifications/inbox', envelopeOk({ items: [exam], unread: 150 }));
    realtime.emit('volante.notification', { notification_id: 5, title: 'Cambios en el examen práctico', level: 'info' });
    await waitFor(() => expect(count()).toHaveTextContent('99+'));
    expect(bell()).toHaveAccessibleName('Notificaciones (150 sin leer)');
  });

  it('re-reads but shows no toast for a push without a title', async () => {
    const realtime = mockRealtime();
    const { api } = await start([old], realtime);
    await waitFor(() => expect(realtime.current?.listens('volante.notification')).toBe(true));
    realtime.emit('volante.notification', { notification_id: 5 });
    await waitFor(() => expect(api.calls('GET notifications/inbox')).toHaveLength(2));
    expect(within(screen.getByRole('region', { name: 'Notificaciones' })).queryAllByRole('status')).toHaveLength(0);
  });
});
