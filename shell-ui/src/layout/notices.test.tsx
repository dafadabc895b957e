import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineModule, type VolanteModule } from '@volante/plugin-ui';
import { envelopeOk, mockApi, mockRealtime, type MockRealtime } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../test/renderApp';
import type { ModuleLoader } from '../modules/loader';
import type { ModuleInfo } from '../modules/types';
import { MAX_NOTICES, NOTICE_BODY_MAX, NOTICE_TIMEOUT_MS, parseNotice } from './Notices';

function AlarmsPage() {
  return <h2 data-testid="alarms-page" />;
}

const alarms: VolanteModule = defineModule({
  id: 'alarms',
  namespace: 'alarms',
  resources: { es: {}, en: {} },
  routes: [{ path: '/apps/alarms/list', Component: AlarmsPage }],
});

const loader: ModuleLoader = { load: async () => alarms };

const alarmsInfo: ModuleInfo = {
  plugin_id: 'alarms',
  name: 'Alarmas',
  version: '0.1.0',
  remote: 'alarms',
  url: '/plugins/alarms/remoteEntry.js',
  exposes: ['./Module'],
  menu: [],
  routes: ['/apps/alarms/list'],
};

/** The dashboard, signed in with the alarms module, the stream open and listening to its notices. */
async function start(): Promise<MockRealtime> {
  const api = mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
    'GET plugin/modules': envelopeOk([alarmsInfo]),
  });
  const realtime = mockRealtime();
  renderApp('/dashboard', { api, signedIn: true, modules: loader, realtime });
  await screen.findByTestId('greeting');
  await waitFor(() => expect(realtime.current?.listens('alarms.notice')).toBe(true));
  realtime.ready();
  return realtime;
}

const region = () => screen.getByRole('region', { name: 'Notificaciones' });
const notices = () => within(region()).queryAllByRole('status');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('plugin notices', () => {
  it("shows a module's notice with its title in bold and its body, on whatever page", async () => {
    const realtime = await start();
    realtime.emit('alarms.notice', { title: 'Alarma: ITV del 1234-ABC', body: 'Caduca mañana.', link: '/apps/alarms/list' });
    const [notice] = notices();
    expect(notice).toBeDefined();
    expect(within(notice).getByText('Alarma: ITV del 1234-ABC').tagName).toBe('STRONG');
    expect(within(notice).getByText('Caduca mañana.')).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('"Abrir" goes to the link and closes the notice', async () => {
    const realtime = await start();
    realtime.emit('alarms.notice', { title: 'Alarma', link: '/apps/alarms/list' });
    fireEvent.click(within(notices()[0]).getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByTestId('alarms-page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/apps/alarms/list');
    expect(notices()).toHaveLength(0);
  });

  it('"Cerrar" removes it', async () => {
    const realtime = await start();
    realtime.emit('alarms.notice', { title: 'Primera' });
    realtime.emit('alarms.notice', { title: 'Segunda' });
    expect(notices()).toHaveLength(2);
    fireEvent.click(within(notices()[0]).getByRole('button', { name: 'Cerrar' }));
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toHaveTextContent('Segunda');
  });

  it(`goes away by itself after ${NOTICE_TIMEOUT_MS / 1000} s (longer than the default toast)`, async () => {
    const realtime = await start();
    vi.useFakeTimers();
    realtime.emit('alarms.notice', { title: 'Alarma' });
    expect(notices()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS - 1));
    expect(notices()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(notices()).toHaveLength(0);
  });

  it('keeps at most five, the oldest going first', async () => {
    const realtime = await start();
    for (let i = 1; i <= MAX_NOTICES + 2; i += 1) realtime.emit('alarms.notice', { title: `Aviso ${i}` });
    const shown = notices();
    expect(shown).toHaveLength(MAX_NOTICES);
    expect(shown.map((n) => within(n).getByText(/^Aviso/).textContent)).toEqual(['Aviso 3', 'Aviso 4', 'Aviso 5', 'Aviso 6', 'Aviso 7']);
  });

  it('does not listen to modules the user does not have', async () => {
    const realtime = await start();
    expect(realtime.current?.listens('chat.notice')).toBe(false);
    realtime.emit('chat.notice', { title: 'De otro módulo' });
    expect(notices()).toHaveLength(0);
    expect(screen.queryByText('De otro módulo')).toBeNull();
  });

  it('ignores malformed payloads silently', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const realtime = await start();
    // (A string is sent as is by the fake: '"texto"' is the JSON string.)
    for (const data of [{ body: 'sin título' }, { title: '' }, { title: '   ' }, { title: 42 }, null, [], '"texto"', 7]) {
      realtime.emit('alarms.notice', data);
    }
    expect(notices()).toHaveLength(0);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    realtime.emit('alarms.notice', { title: 'Válido', body: 3 });
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toHaveTextContent('Válido');
  });

  it('shows no "Abrir" for a link that is not an app path', async () => {
    const realtime = await start();
    for (const link of ['https://example.com/x', 'apps/alarms/list', '//example.com/x', 42]) {
      realtime.emit('alarms.notice', { title: `Enlace ${String(link)}`, link });
    }
    expect(notices()).toHaveLength(4);
    expect(within(region()).queryByRole('button', { name: 'Abrir' })).toBeNull();
  });

  it('cuts a long body', async () => {
    const realtime = await start();
    realtime.emit('alarms.notice', { title: 'Largo', body: 'x'.repeat(500) });
    const body = within(notices()[0]).getByText(/^x+…$/);
    expect(body.textContent).toHaveLength(NOTICE_BODY_MAX);
  });
});

describe('parseNotice', () => {
  it('keeps a trimmed title, a clipped body and an app path', () => {
    expect(parseNotice({ title: ' Hola ', body: ' cuerpo ', link: '/a/b?c=1' })).toEqual({ title: 'Hola', body: 'cuerpo', link: '/a/b?c=1' });
    expect(parseNotice({ title: 'Hola', body: '', link: '/\\example.com' })).toEqual({ title: 'Hola' });
    expect(parseNotice({ title: 'Hola', body: 'y'.repeat(NOTICE_BODY_MAX) })?.body).toBe('y'.repeat(NOTICE_BODY_MAX));
    expect(parseNotice({ title: 'Hola', body: 'y'.repeat(NOTICE_BODY_MAX + 1) })?.body).toBe(`${'y'.repeat(NOTICE_BODY_MAX - 1)}…`);
    expect(parseNotice({ body: 'x' })).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
  });
});
