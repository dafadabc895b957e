import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { defineModule, useSession, type VolanteModule } from '@volante/plugin-ui';
import { envelopeOk, mockApi } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../test/renderApp';
import type { ModuleLoader } from './loader';
import type { ModuleInfo } from './types';

function ContactList() {
  const { t } = useTranslation('contacts');
  const { user } = useSession();
  return (
    <h2 data-testid="contact-list">
      {t('list.title')} · {user?.first_name}
    </h2>
  );
}

const contacts: VolanteModule = defineModule({
  id: 'contacts',
  namespace: 'contacts',
  resources: { es: { menu: { contacts: 'Contactos' }, list: { title: 'Lista de contactos' } }, en: {} },
  routes: [{ path: '/contact/list', permission: 'contact.client', Component: ContactList }],
});

const contactsInfo: ModuleInfo = {
  plugin_id: 'contacts',
  name: 'Contactos',
  version: '0.1.0',
  remote: 'contacts',
  url: '/plugins/contacts/remoteEntry.js',
  exposes: ['./routes'],
  menu: [{ label: 'contacts:menu.contacts', path: '/contact/list', permission: 'contact.client', icon: 'people' }],
  routes: ['/contact/list', '/contact/view/{contact_id}/{back_dgt_folder}'],
};

/** A loader answering from a list: each call takes the next answer (module or failure). */
function scriptedLoader(...answers: Array<VolanteModule | Error>): ModuleLoader & { calls: number } {
  const loader = {
    calls: 0,
    load: vi.fn(async () => {
      loader.calls += 1;
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return loader;
}

function api(user = demoUser, modules: ModuleInfo[] = [contactsInfo]) {
  return mockApi({
    'GET user/verify': envelopeOk({ user }),
    'GET user/update': envelopeOk({ user }),
    'GET plugin/modules': envelopeOk(modules),
  });
}

const menu = () => screen.getByRole('complementary', { name: 'Menú principal' });

describe('modules at run time', () => {
  it('lists the modules after sign-in, adds their menu entries (translated in their namespace) and their routes', async () => {
    const loader = scriptedLoader(contacts);
    const host = api();
    renderApp('/dashboard', { api: host, signedIn: true, modules: loader });
    await screen.findByTestId('greeting');
    const link = await within(menu()).findByRole('link', { name: /Contactos/ });
    expect(link).toHaveAttribute('href', '/contact/list');
    fireEvent.click(link);
    expect(await screen.findByTestId('contact-list')).toHaveTextContent('Lista de contactos · Dolores');
    expect(host.calls('GET plugin/modules').length).toBeGreaterThanOrEqual(2); // asked again on navigation
    expect(loader.calls).toBe(1); // the remote is loaded once
  });

  it('opens a module route from a deep link once its remote has loaded', async () => {
    renderApp('/contact/list', { api: api(), signedIn: true, modules: scriptedLoader(contacts) });
    expect(await screen.findByTestId('contact-list')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/contact/list');
  });

  it('skips a remote that fails (the app still works, no menu entry) and retries it on a later navigation', async () => {
    const loader = scriptedLoader(new Error('remote did not load'), contacts);
    renderApp('/contact/list', { api: api(), signedIn: true, modules: loader });
    expect(await screen.findByTestId('module-failed')).toHaveTextContent('El módulo Contactos no se ha podido cargar');
    expect(within(menu()).queryByRole('link', { name: /Contactos/ })).toBeNull();
    fireEvent.click(within(menu()).getByRole('link', { name: /Panel/ }));
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(await within(menu()).findByRole('link', { name: /Contactos/ })).toBeInTheDocument();
    expect(loader.calls).toBe(2);
  });

  it('the retry button of a failed module loads it again', async () => {
    const loader = scriptedLoader(new Error('down'), contacts);
    renderApp('/contact/list', { api: api(), signedIn: true, modules: loader });
    fireEvent.click(within(await screen.findByTestId('module-failed')).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('contact-list')).toBeInTheDocument();
  });

  it('a module whose service is switched off disappears with the next modules list', async () => {
    const host = api();
    renderApp('/contact/list', { api: host, signedIn: true, modules: scriptedLoader(contacts) });
    await screen.findByTestId('contact-list');
    host.on('GET plugin/modules', envelopeOk([]));
    fireEvent.click(within(menu()).getByRole('link', { name: /Panel/ }));
    await screen.findByTestId('greeting');
    await waitFor(() => expect(within(menu()).queryByRole('link', { name: /Contactos/ })).toBeNull());
  });

  it('a user without the route permission gets "no permission", not the page', async () => {
    const teacher = { ...demoUser, role: 'Profesor', permissions: ['dashboard'] };
    renderApp('/contact/list', { api: api(teacher, [{ ...contactsInfo, menu: [] }]), signedIn: true, modules: scriptedLoader(contacts) });
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('No tiene permiso');
    expect(screen.queryByTestId('contact-list')).toBeNull();
    expect(within(menu()).queryByRole('link', { name: /Contactos/ })).toBeNull();
  });

  it("shows each menu entry with its manifest icon's glyph (fleet: vehicle, workshop, insurance)", async () => {
    const fleet: VolanteModule = defineModule({
      id: 'fleet',
      namespace: 'fleet',
      resources: { es: { menu: { vehicles: 'Vehículos', workshops: 'Talleres', insurance: 'Seguros' } }, en: {} },
      routes: [{ path: '/vehicle/list', Component: ContactList }],
    });
    const fleetInfo: ModuleInfo = {
      ...contactsInfo,
      plugin_id: 'fleet',
      name: 'Flota',
      remote: 'fleet',
      url: '/plugins/fleet/remoteEntry.js',
      menu: [
        { label: 'fleet:menu.vehicles', path: '/vehicle/list', icon: 'vehicle' },
        { label: 'fleet:menu.workshops', path: '/workshop/list', icon: 'workshop' },
        { label: 'fleet:menu.insurance', path: '/insurance/list/vigentes', icon: 'insurance' },
      ],
      routes: ['/vehicle/list'],
    };
    renderApp('/dashboard', { api: api(demoUser, [fleetInfo]), signedIn: true, modules: scriptedLoader(fleet) });
    await screen.findByTestId('greeting');
    const glyph = async (name: string) => (await within(menu()).findByRole('link', { name: new RegExp(name) })).querySelector('.sidebar__icon')?.textContent;
    expect(await glyph('Vehículos')).toBe('◈');
    expect(await glyph('Talleres')).toBe('⚒');
    expect(await glyph('Seguros')).toBe('☂');
  });

  it('a signed-in path no module declares is a 404', async () => {
    renderApp('/contact/nada', { api: api(demoUser, []), signedIn: true, modules: scriptedLoader(contacts) });
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/404');
  });
});

describe('public screens (manifest ui.public_routes)', () => {
  function SignPage() {
    const { t } = useTranslation('agreements');
    return <h2 data-testid="sign-page">{t('sign.title')}</h2>;
  }
  function AgreementList() {
    return <h2 data-testid="agreement-list">list</h2>;
  }
  const agreements: VolanteModule = defineModule({
    id: 'agreements',
    namespace: 'agreements',
    resources: { es: { menu: { agreements: 'Acuerdos' }, sign: { title: 'Firma del acuerdo' } }, en: {} },
    routes: [
      { path: '/agreement/list', permission: 'agreement', Component: AgreementList },
      { path: '/agreement/sign/:reference', Component: SignPage },
    ],
  });
  const signRoute = '/agreement/sign/{reference}';
  /** What the host lists without a session: only the public routes, no menu. */
  const publicInfo: ModuleInfo = {
    plugin_id: 'agreements',
    name: 'Acuerdos',
    version: '0.1.0',
    remote: 'agreements',
    url: '/plugins/agreements/remoteEntry.js',
    exposes: ['./routes'],
    menu: [],
    routes: [signRoute],
    public_routes: [signRoute],
  };
  /** With a session: every route, the menu, and which routes are public. */
  const sessionInfo: ModuleInfo = {
    ...publicInfo,
    menu: [{ label: 'agreements:menu.agreements', path: '/agreement/list', permission: 'agreement', icon: 'file' }],
    routes: ['/agreement/list', '/agreement/view/{agreement_id}', signRoute],
  };
  const signedOutHost = () => mockApi({ 'GET plugin/modules': envelopeOk([publicInfo]) });

  it("a signed-out visitor opening /agreement/sign/abc gets the remote's page in the public layout, not the sign-in", async () => {
    const host = signedOutHost();
    renderApp('/agreement/sign/abc', { api: host, modules: scriptedLoader(agreements) });
    expect(await screen.findByTestId('sign-page')).toHaveTextContent('Firma del acuerdo');
    expect(screen.getByTestId('location')).toHaveTextContent('/agreement/sign/abc');
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).toBeNull();
    // the public frame: the product's name, no back-office sidebar or header
    expect(within(screen.getByTestId('public-layout')).getByText('Volante')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Menú principal' })).toBeNull();
    // the modules were asked for without a token, and nothing else (no user/verify)
    expect(host.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET plugin/modules']);
    expect(host.requests[0].headers.authorization).toBeUndefined();
  });

  it('a signed-out visitor on /contact/list still goes to sign-in', async () => {
    renderApp('/contact/list', { api: signedOutHost(), modules: scriptedLoader(agreements) });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/sign-in');
  });

  it("a signed-out visitor on a module's other route goes to sign-in, even with the module loaded", async () => {
    renderApp('/agreement/list', { api: signedOutHost(), modules: scriptedLoader(agreements) });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByTestId('agreement-list')).toBeNull();
  });

  it('a remote that fails says so in the public layout, with a retry that loads it', async () => {
    const loader = scriptedLoader(new Error('down'), agreements);
    renderApp('/agreement/sign/abc', { api: signedOutHost(), modules: loader });
    const failed = await screen.findByTestId('module-failed');
    expect(failed).toHaveTextContent('El módulo Acuerdos no se ha podido cargar');
    expect(screen.getByTestId('public-layout')).toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('sign-page')).toBeInTheDocument();
  });

  it('a signed-out visitor whose modules list cannot be had is told so, with a retry, not sent to sign-in', async () => {
    let down = true;
    const host = mockApi({ 'GET plugin/modules': () => (down ? new Response('down', { status: 503 }) : envelopeOk([publicInfo])) });
    renderApp('/agreement/sign/abc', { api: host, modules: scriptedLoader(agreements) });
    const offline = await screen.findByTestId('modules-offline');
    expect(offline).toHaveTextContent('No se ha podido conectar con el servidor');
    expect(screen.getByTestId('location')).toHaveTextContent('/agreement/sign/abc');
    down = false;
    fireEvent.click(within(offline).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('sign-page')).toBeInTheDocument();
  });

  it('signed in, the public route shows in the public layout too, while the other routes keep the back office', async () => {
    const host = api(demoUser, [sessionInfo]);
    renderApp('/agreement/sign/abc', { api: host, signedIn: true, modules: scriptedLoader(agreements) });
    expect(await screen.findByTestId('sign-page')).toBeInTheDocument();
    expect(screen.getByTestId('public-layout')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Menú principal' })).toBeNull();
    expect(host.calls('GET plugin/modules')[0].headers.authorization).toBe('Token test-token');
  });
});
