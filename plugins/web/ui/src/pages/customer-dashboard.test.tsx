import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { LocationSearch, renderModule, storeCustomer, storedCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, course, customerData, customerMode, customerUser } from '../test/fixtures';
import { browser } from '../customer/browser';

const DASHBOARD = '/layout/contact/dashboard';
const auth = (req: MockRequest) => req.headers.authorization;

/** The fake host of a signed-in customer: verify, then the summary (and no online course). */
function signedInHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET web/api/user/verify': envelopeOk({ user: customerUser }),
    'GET web/api/user/data': envelopeOk(customerData()),
    'GET web/api/user/formative': envelopeOk([]),
    'POST web/api/user/logout': envelopeOk({}),
    ...routes,
  });
}

const accessForm = () => screen.getByRole('form', { name: 'Acceder al área de cliente' });

describe('/layout/contact/dashboard', () => {
  it("without a key says the area is entered from the school's web site, and calls nothing", async () => {
    const api = mockApi();
    renderModule(DASHBOARD, api);
    expect(await screen.findByTestId('customer-no-key')).toHaveTextContent('Para entrar en el área de cliente, hágalo desde la web de la autoescuela.');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it("takes the key from the school's link out of the address bar, then sends the access link with the key only", async () => {
    const api = mockApi({ 'POST web/api/user/access': envelopeOk({ sent: true }) });
    renderModule(`${DASHBOARD}?key=${WEBAPI_KEY}&utm_source=web`, api, undefined, <LocationSearch />);
    await screen.findByRole('form', { name: 'Acceder al área de cliente' });
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(screen.getByTestId('location')).toHaveTextContent(DASHBOARD);
    expect(screen.getByTestId('location-search')).toHaveTextContent(/^\?utm_source=web$/);
    // signed out: no navigation
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();

    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: '  lucia@example.com ' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByTestId('access-sent')).toHaveTextContent('Si el correo es de un cliente de la autoescuela, le hemos enviado un enlace para entrar');
    const [access] = api.calls('POST web/api/user/access');
    expect(access.body).toEqual({ email: 'lucia@example.com' });
    // the storefront's key, never the staff session's token
    expect(auth(access)).toBe(`Bearer ${WEBAPI_KEY}`);
    expect(screen.queryByRole('form', { name: 'Acceder al área de cliente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar otro enlace' }));
    expect(accessForm()).toBeInTheDocument();
  });

  it('refuses an empty or malformed e-mail here, sending nothing; the host\'s field error goes under the field', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = mockApi({ 'POST web/api/user/access': writeError('REQ-102', 'El correo electrónico no es válido', { field: 'email' }) });
    renderModule(DASHBOARD, api);
    await screen.findByRole('form', { name: 'Acceder al área de cliente' });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(accessForm()).findByTestId('error-email')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(accessForm()).findByTestId('error-email')).toHaveTextContent('Introduzca un correo electrónico válido');
    expect(api.calls('POST web/api/user/access')).toHaveLength(0);

    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@example.con' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    await waitFor(() => expect(within(accessForm()).getByTestId('error-email')).toHaveTextContent('El correo electrónico no es válido'));
    expect(within(accessForm()).getByLabelText(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('access-sent')).toBeNull();
  });

  it("a key the host no longer knows (SESSION-001, no token sent) is forgotten: the page says to enter from the school's site", async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = mockApi({ 'POST web/api/user/access': writeError('SESSION-001', 'La clave de la API web no es válida') });
    renderModule(DASHBOARD, api);
    fireEvent.change(within(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@example.com' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByTestId('customer-no-key')).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: null, token: null });
  });

  it('the e-mailed link signs in: key and token saved and out of the address bar, user/verify then user/data, greeting and summary', async () => {
    const api = signedInHost();
    renderModule(`${DASHBOARD}?key=${WEBAPI_KEY}&token=${CUSTOMER_TOKEN}`, api, undefined, <LocationSearch />);
    expect(await screen.findByTestId('customer-greeting')).toHaveTextContent('¡Hola, Lucía Pérez Gómez!');
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: CUSTOMER_TOKEN });
    expect(screen.getByTestId('location-search')).toBeEmptyDOMElement();
    // the token is checked first, then the summary; the courses' card reads them once it shows
    // (the footer reads the school's legal texts apart, with the key only)
    const own = () => api.requests.filter((r) => r.path !== 'web/api/legal/read');
    await waitFor(() => expect(own().map((r) => `${r.method} ${r.path}`)).toEqual(['GET web/api/user/verify', 'GET web/api/user/data', 'GET web/api/user/formative']));
    expect(own().map(auth)).toEqual([`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`, `Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`, `Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`]);
    expect(api.calls('GET web/api/legal/read').map(auth)).toEqual([`Bearer ${WEBAPI_KEY}`]);

    const orders = screen.getByTestId('summary-orders');
    expect(within(orders).getByTestId('orders-total')).toHaveTextContent('3');
    expect(within(orders).getByTestId('orders-unpaid')).toHaveTextContent('1');
    expect(orders).toHaveTextContent('PedidosPedidos3Pendientes de pago1');
    expect(within(orders).getByRole('link', { name: 'Ver mis pedidos' })).toHaveAttribute('href', '/layout/contact/orders');
    const agreements = screen.getByTestId('summary-agreements');
    expect(agreements).toHaveTextContent('AcuerdosAcuerdos2Pendientes de firma1');
    expect(within(agreements).getByRole('link', { name: 'Ver mis acuerdos' })).toHaveAttribute('href', '/layout/contact/agreements');

    // the area's navigation among its six screens, and "Cerrar sesión"
    const nav = screen.getByRole('navigation', { name: 'Área de cliente' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Inicio', '/layout/contact/dashboard'],
      ['Mis datos', '/layout/contact/account'],
      ['Mis pedidos', '/layout/contact/orders'],
      ['Nuevo pedido', '/layout/contact/order/create'],
      ['Mis acuerdos', '/layout/contact/agreements'],
      ['Noticias', '/layout/contact/blog'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Cerrar sesión' })).toBeEnabled();
  });

  it('an expired token (SESSION-001 on user/verify) is purged, the key kept: the access form shows', async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/verify': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(DASHBOARD, api);
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(api.calls('GET web/api/user/data')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();
  });

  it('a demo account is told it may buy an enrolment but not renew or extend; an enrolled one reads "Matriculado"; without a mode, nothing', async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/data': envelopeOk(customerData({ status: customerMode('demo') })) });
    const { unmount } = renderModule(DASHBOARD, api);
    await screen.findByTestId('customer-greeting');
    const demo = screen.getByTestId('customer-status');
    expect(demo).toHaveAttribute('data-status', 'demo');
    expect(demo).toHaveTextContent(/^Cuenta de demostración: puede comprar una matrícula, pero no renovar ni ampliar$/);
    unmount();

    api.on('GET web/api/user/data', envelopeOk(customerData({ status: customerMode('enrolled') })));
    const enrolled = renderModule(DASHBOARD, api);
    await screen.findByTestId('customer-greeting');
    expect(screen.getByTestId('customer-status')).toHaveAttribute('data-status', 'enrolled');
    expect(screen.getByTestId('customer-status-badge')).toHaveTextContent(/^Matriculado$/);
    expect(screen.queryByText(/Cuenta de demostración/)).toBeNull();
    enrolled.unmount();

    api.on('GET web/api/user/data', envelopeOk(customerData()));
    renderModule(DASHBOARD, api);
    await screen.findByTestId('customer-greeting');
    expect(screen.queryByTestId('customer-status')).toBeNull();
  });

  it("shows the host's error when the summary cannot be read, with a retry", async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/data': readError('SERVER-000', 'Error interno del servidor') });
    renderModule(DASHBOARD, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor');
    expect(storedCustomer().token).toBe(CUSTOMER_TOKEN);
    api.on('GET web/api/user/data', envelopeOk(customerData()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('customer-greeting')).toHaveTextContent('Lucía Pérez Gómez');
  });

  it('"Cerrar sesión" ends the session (user/logout), purges the token and shows the access form', async () => {
    storeCustomer();
    const api = signedInHost();
    renderModule(DASHBOARD, api);
    await screen.findByTestId('customer-greeting');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    const [logout] = api.calls('POST web/api/user/logout');
    expect(auth(logout)).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
  });

  it('"Cerrar sesión" signs out even when the host refuses it', async () => {
    storeCustomer();
    const api = signedInHost({ 'POST web/api/user/logout': writeError('SERVER-000', 'Error interno del servidor') });
    renderModule(DASHBOARD, api);
    await screen.findByTestId('customer-greeting');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
  });
});

describe('"Mis test online" on the dashboard', () => {
  const TESTS_URL = 'https://volante.example.com/test/online/lnk_lucia_4b1e';
  /** Where the page sent the browser (jsdom cannot navigate: `assign` is caught). */
  let assigned: string[] = [];
  beforeEach(() => {
    assigned = [];
    vi.spyOn(browser, 'assign').mockImplementation((url: string) => {
      assigned.push(url);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const card = async () => screen.findByTestId('summary-valkiria');

  it("asks for the customer's link with their sign-in and sends the browser to it", async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/valkiria/autologin': envelopeOk({ url: TESTS_URL }) });
    renderModule(DASHBOARD, api);
    const tests = await card();
    expect(within(tests).getByRole('heading', { name: 'Mis test online' })).toBeInTheDocument();
    // nothing is asked before the customer wants it
    expect(api.calls('GET web/api/user/valkiria/autologin')).toHaveLength(0);
    fireEvent.click(within(tests).getByRole('button', { name: 'Ir a mis test online' }));
    await waitFor(() => expect(assigned).toEqual([TESTS_URL]));
    const [autologin] = api.calls('GET web/api/user/valkiria/autologin');
    expect(auth(autologin)).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(within(tests).queryByTestId('valkiria-errors')).toBeNull();
  });

  it("a customer who is no student of the online tests (CONFLICT-000) is told the host's reason in the card", async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/valkiria/autologin': readError('CONFLICT-000', 'No tiene acceso a los test online: consulte con su autoescuela') });
    renderModule(DASHBOARD, api);
    const tests = await card();
    fireEvent.click(within(tests).getByTestId('valkiria-open'));
    expect(await within(tests).findByTestId('valkiria-errors')).toHaveTextContent('No tiene acceso a los test online: consulte con su autoescuela');
    expect(within(tests).getByTestId('valkiria-open')).toBeEnabled();
    expect(assigned).toEqual([]);
    // still signed in: the rest of the dashboard stays
    expect(screen.getByTestId('customer-greeting')).toBeInTheDocument();
    expect(storedCustomer().token).toBe(CUSTOMER_TOKEN);

    api.on('GET web/api/user/valkiria/autologin', readError('CONFLICT-000', 'La autoescuela no ofrece los test online'));
    fireEvent.click(within(tests).getByTestId('valkiria-open'));
    await waitFor(() => expect(within(tests).getByTestId('valkiria-errors')).toHaveTextContent('La autoescuela no ofrece los test online'));
    expect(within(tests).getByTestId('valkiria-errors')).not.toHaveTextContent('No tiene acceso');
    expect(assigned).toEqual([]);
  });

  it('an answer that is not a web address is not followed', async () => {
    storeCustomer();
    renderModule(DASHBOARD, signedInHost({ 'GET web/api/user/valkiria/autologin': envelopeOk({ url: 'javascript:alert(1)' }) }));
    const tests = await card();
    fireEvent.click(within(tests).getByTestId('valkiria-open'));
    expect(await within(tests).findByTestId('valkiria-errors')).toHaveTextContent('No se han podido abrir sus test online');
    expect(assigned).toEqual([]);
  });

  it('an expired token (SESSION-001) is purged: the access form shows', async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/valkiria/autologin': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(DASHBOARD, api);
    fireEvent.click(within(await card()).getByTestId('valkiria-open'));
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(assigned).toEqual([]);
  });
});

describe('"Mis cursos" on the dashboard', () => {
  /** Where the page sent the browser (jsdom cannot navigate: `assign` is caught). */
  let assigned: string[] = [];
  beforeEach(() => {
    assigned = [];
    vi.spyOn(browser, 'assign').mockImplementation((url: string) => {
      assigned.push(url);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const card = async () => screen.findByTestId('summary-courses');
  /** The card's list once it has been read. */
  const list = async () => within(await card()).findByRole('list', { name: 'Mis cursos en línea' });
  const item = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

  /** Newest first, as the host answers: open, not started, ended (and completed), paused. */
  const COURSES = [
    course(14, { content_name: 'Teórico del permiso B', hours: 20, starts_on: '2026-11-01', ends_on: '2027-01-30', total: 10, done: 4, progress: 40 }),
    course(13, { content_name: 'Curso de conducción eficiente', hours: 1, status: 'pending', starts_on: '2026-12-15', ends_on: '2027-03-15', total: 3, done: 0, progress: 0, url: null }),
    course(12, {
      content_name: 'Primeros auxilios',
      hours: 7.5,
      status: 'expired',
      starts_on: '2026-06-01',
      ends_on: '2026-08-30',
      total: 8,
      done: 8,
      progress: 100,
      reached_90_at: '2026-08-01T10:00:00.000Z',
      completed_at: '2026-08-02T10:00:00.000Z',
      url: null,
    }),
    course(11, { content_name: 'Permiso A2', hours: 12, status: 'inactive', starts_on: '2026-10-01', ends_on: '2026-12-30', total: 1, done: 1, progress: 100, completed_at: null, url: null }),
  ];

  it("lists the customer's courses with their sign-in: name, hours, access days, status, progress, Completado; Estudiar only while open", async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/formative': envelopeOk(COURSES) });
    renderModule(DASHBOARD, api);
    const courses = await list();
    expect(within(await card()).getByRole('heading', { name: 'Mis cursos', level: 2 })).toBeInTheDocument();
    const [read] = api.calls('GET web/api/user/formative');
    expect(auth(read)).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    // the summary's counts are still the user/data ones
    expect(within(screen.getByTestId('summary-orders')).getByTestId('orders-total')).toHaveTextContent('3');

    // in the host's order
    expect(within(courses).getAllByTestId('course-name').map((n) => n.textContent)).toEqual(['Teórico del permiso B', 'Curso de conducción eficiente', 'Primeros auxilios', 'Permiso A2']);
    expect(within(courses).getAllByTestId('course-status').map((b) => b.textContent)).toEqual(['Disponible', 'Empieza el 15/12/2026', 'Terminó el 30/08/2026', 'En pausa']);

    const open = item('Teórico del permiso B');
    expect(within(open).getByTestId('course-hours')).toHaveTextContent('20 horas');
    expect(within(open).getByTestId('course-access')).toHaveTextContent('Del 01/11/2026 al 30/01/2027');
    const bar = within(open).getByRole('progressbar', { name: 'Progreso de Teórico del permiso B' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40 %');
    expect(within(open).getByTestId('course-progress')).toHaveTextContent('40 %4 de 10 lecciones');
    expect(within(open).queryByTestId('course-completed')).toBeNull();
    expect(within(open).getByRole('button', { name: 'Estudiar Teórico del permiso B' })).toHaveTextContent('Estudiar');

    const pending = item('Curso de conducción eficiente');
    expect(within(pending).getByTestId('course-hours')).toHaveTextContent(/^1 hora$/);
    expect(within(pending).getByTestId('course-progress')).toHaveTextContent('0 %0 de 3 lecciones');
    expect(within(pending).queryByRole('button')).toBeNull();

    const ended = item('Primeros auxilios');
    expect(within(ended).getByTestId('course-hours')).toHaveTextContent('7,5 horas');
    expect(within(ended).getByTestId('course-access')).toHaveTextContent('Del 01/06/2026 al 30/08/2026');
    expect(within(ended).getByTestId('course-completed')).toHaveTextContent('Completado');
    expect(within(ended).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(ended).getByTestId('course-progress')).toHaveTextContent('100 %8 de 8 lecciones');
    expect(within(ended).queryByRole('button')).toBeNull();

    // paused: all done but not completed by the host's word, so no mark; no way in
    const paused = item('Permiso A2');
    expect(within(paused).getByTestId('course-progress')).toHaveTextContent('100 %1 de 1 lección');
    expect(within(paused).queryByTestId('course-completed')).toBeNull();
    expect(within(paused).queryByRole('button')).toBeNull();

    // one way in: the open course's
    expect(within(courses).getAllByRole('button', { name: /^Estudiar/ })).toHaveLength(1);
    expect(screen.queryByTestId('courses-empty')).toBeNull();
    expect(assigned).toEqual([]);
  });

  it('"Estudiar" sends the browser to the course\'s own address', async () => {
    storeCustomer();
    const other = course(15, { content_name: 'Curso CAP', url: 'https://volante.example.com/formacion/fa_ref_cap' });
    renderModule(DASHBOARD, signedInHost({ 'GET web/api/user/formative': envelopeOk([other, ...COURSES]) }));
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Estudiar Teórico del permiso B' }));
    expect(assigned).toEqual(['https://volante.example.com/formacion/fa_ref_14']);
    // leaving the page: no second trip meanwhile
    expect(screen.getByRole('button', { name: 'Estudiar Curso CAP' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Estudiar Curso CAP' }));
    expect(assigned).toEqual(['https://volante.example.com/formacion/fa_ref_14']);
  });

  it('an address that is not a web page offers no "Estudiar"', async () => {
    storeCustomer();
    const odd = [course(21, { content_name: 'Curso A', url: 'javascript:alert(1)' }), course(22, { content_name: 'Curso B', url: '' })];
    renderModule(DASHBOARD, signedInHost({ 'GET web/api/user/formative': envelopeOk(odd) }));
    const courses = await list();
    expect(within(courses).getAllByTestId('course-status').map((b) => b.textContent)).toEqual(['Disponible', 'Disponible']);
    expect(within(courses).queryByRole('button')).toBeNull();
    expect(assigned).toEqual([]);
  });

  it('without courses (or without the module) says so', async () => {
    storeCustomer();
    const api = signedInHost();
    renderModule(DASHBOARD, api);
    expect(await within(await card()).findByTestId('courses-empty')).toHaveTextContent('No tiene cursos en línea');
    expect(within(await card()).queryByRole('list')).toBeNull();
    expect(within(await card()).queryByRole('button')).toBeNull();
    expect(api.calls('GET web/api/user/formative')).toHaveLength(1);
  });

  it("shows the host's error in the card, with a retry, and leaves the rest of the dashboard", async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/formative': readError('SERVER-000', 'Error interno del servidor') });
    renderModule(DASHBOARD, api);
    const courses = await card();
    expect(await within(courses).findByRole('alert')).toHaveTextContent('Error interno del servidor');
    expect(screen.getByTestId('customer-greeting')).toBeInTheDocument();
    expect(screen.getByTestId('summary-valkiria')).toBeInTheDocument();
    expect(storedCustomer().token).toBe(CUSTOMER_TOKEN);

    api.on('GET web/api/user/formative', envelopeOk([COURSES[0]]));
    fireEvent.click(within(courses).getByRole('button', { name: 'Reintentar' }));
    expect(await within(courses).findByTestId('course-name')).toHaveTextContent('Teórico del permiso B');
    expect(within(courses).queryByRole('alert')).toBeNull();
    expect(api.calls('GET web/api/user/formative')).toHaveLength(2);
  });

  it('an expired token (SESSION-001) is purged: the access form shows', async () => {
    storeCustomer();
    const api = signedInHost({ 'GET web/api/user/formative': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(DASHBOARD, api);
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(screen.queryByTestId('summary-courses')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();
  });
});
