import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { STORAGE_KEYS } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';
import { SignInCancelled } from './externalProviders';

const dashboardAnswer = envelopeOk({ target: 'dashboard', token: 'new-token', user: demoUser });
const codeAnswer = envelopeOk({ target: 'code', email: 'd***@autoescuela-demo.es', device_days: 30, code_minutes: 10 });

function afterSignIn(api = mockApi()) {
  api.on('GET user/verify', envelopeOk({ user: demoUser }));
  api.on('GET user/update', envelopeOk({ user: demoUser }));
  return api;
}

async function fillCredentials(email = 'director@autoescuela-demo.es', password = 'Demo-2026!') {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: ` ${email} ` } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
}

describe('sign-in', () => {
  it('goes through the e-mail code step with "authorise this device" and lands on the dashboard', async () => {
    const api = afterSignIn(mockApi({ 'POST user/login': (req) => ((req.body as { code?: string }).code ? dashboardAnswer : codeAnswer) }));
    renderApp('/user/sign-in', { api });
    await fillCredentials();

    expect(await screen.findByRole('heading', { name: 'Código de acceso' })).toBeInTheDocument();
    expect(screen.getByText(/d\*\*\*@autoescuela-demo\.es/)).toBeInTheDocument();
    const remember = screen.getByRole('checkbox', { name: 'Autorizar este dispositivo durante 30 días' });
    fireEvent.click(remember);
    fireEvent.change(screen.getByLabelText('Código'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Hola, Dolores');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    const [first, second] = api.calls('POST user/login');
    const device = localStorage.getItem(STORAGE_KEYS.device);
    expect(device).toMatch(/^[A-Z0-9]+$/);
    expect(first.body).toEqual({ email: 'director@autoescuela-demo.es', password: 'Demo-2026!', device });
    expect(second.body).toEqual({ email: 'director@autoescuela-demo.es', password: 'Demo-2026!', device, code: '123456', remember_device: true });
    expect(first.headers.authorization).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('super');
  });

  it('signs straight in when the device is authorised (target dashboard)', async () => {
    const api = afterSignIn(mockApi({ 'POST user/login': dashboardAnswer }));
    renderApp('/user/sign-in', { api });
    await fillCredentials();
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(api.calls('POST user/login')).toHaveLength(1);
  });

  it('returns to the page the guard sent it from', async () => {
    const api = afterSignIn(mockApi({ 'POST user/login': dashboardAnswer }));
    renderApp('/', { api });
    await fillCredentials();
    await screen.findByTestId('greeting');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it.each([
    ['LOGIN-001', 'Usuario no reconocido'],
    ['LOGIN-002', 'Contraseña incorrecta'],
    ['LOGIN-004', 'No hay ningún dispositivo disponible, contacte con el administrador'],
    ['LOGIN-005', 'Demasiados intentos fallidos, vuelva a intentarlo más tarde'],
    ['SERVER-000', 'Error comprobando los datos'],
    ['REQ-102', 'Error comprobando los datos'],
  ])('shows %s as "%s"', async (code, message) => {
    const api = mockApi({ 'POST user/login': writeError(code, 'server words') });
    renderApp('/user/sign-in', { api });
    await fillCredentials();
    expect(await screen.findByTestId('form-errors')).toHaveTextContent(message);
    expect(screen.queryByText('server words')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows a transport failure as "error checking the data"', async () => {
    const api = mockApi({ 'POST user/login': () => new Response('', { status: 502 }) });
    renderApp('/user/sign-in', { api });
    await fillCredentials();
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('Error comprobando los datos');
  });

  it('a wrong code keeps the code step with its message; another code can be asked for; back returns', async () => {
    const api = mockApi({
      'POST user/login': (req) => ((req.body as { code?: string }).code ? writeError('LOGIN-003', 'x') : codeAnswer),
    });
    renderApp('/user/sign-in', { api });
    await fillCredentials();
    fireEvent.change(await screen.findByLabelText('Código'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('Código de acceso incorrecto, revise el último correo recibido');
    expect(screen.getByRole('heading', { name: 'Código de acceso' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar otro código' }));
    await waitFor(() => expect(api.calls('POST user/login')).toHaveLength(3));
    expect(api.calls('POST user/login')[2].body).not.toHaveProperty('code');
    // The new code's request may still be answering: its buttons stay disabled until it has.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Volver' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('has the forgotten-password and sign-up links', async () => {
    renderApp('/user/sign-in');
    fireEvent.click(await screen.findByRole('link', { name: '¿Ha olvidado la contraseña?' }));
    expect(await screen.findByRole('heading', { name: 'Recuperar la contraseña' })).toBeInTheDocument();
  });

  it('an already signed-in browser goes to the dashboard', async () => {
    const api = afterSignIn();
    renderApp('/user/sign-in', { api, signedIn: true });
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
  });
});

describe('external providers', () => {
  it('Google posts the SDK credential with the device, then may ask for the code', async () => {
    const api = afterSignIn(
      mockApi({ 'POST user/login/google': (req) => ((req.body as { code?: string }).code ? dashboardAnswer : codeAnswer) }),
    );
    const google = vi.fn(async () => 'google-id-token');
    renderApp('/user/sign-in', { api, external: { google, facebook: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    fireEvent.change(await screen.findByLabelText('Código'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByTestId('greeting');
    const [first, second] = api.calls('POST user/login/google');
    const device = api.store.getDevice();
    expect(first.body).toEqual({ credential: 'google-id-token', device });
    expect(second.body).toEqual({ credential: 'google-id-token', device, code: '654321', remember_device: false });
  });

  it('Facebook posts the access token with the device', async () => {
    const api = afterSignIn(mockApi({ 'POST user/login/facebook': dashboardAnswer }));
    renderApp('/user/sign-in', { api, external: { google: null, facebook: async () => 'fb-access' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Facebook' }));
    await screen.findByTestId('greeting');
    expect(api.calls('POST user/login/facebook')[0].body).toEqual({ access_token: 'fb-access', device: api.store.getDevice() });
  });

  it('a closed provider window is not an error; a failing SDK is', async () => {
    let fail: Error = new SignInCancelled();
    renderApp('/user/sign-in', { external: { google: async () => Promise.reject(fail), facebook: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('form-errors')).toBeNull();
    fail = new Error('script blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('No se ha podido acceder con Google');
  });

  it('Microsoft is shown disabled with "Próximamente"; unconfigured providers are disabled too', async () => {
    renderApp('/user/sign-in');
    const microsoft = await screen.findByRole('button', { name: 'Continuar con Microsoft' });
    expect(microsoft).toBeDisabled();
    expect(microsoft.parentElement).toHaveAttribute('data-tooltip', 'Próximamente');
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continuar con Facebook' })).toBeDisabled();
  });
});
