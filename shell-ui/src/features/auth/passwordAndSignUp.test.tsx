import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';

describe('sign-up', () => {
  function fill() {
    fireEvent.change(screen.getByLabelText('Nombre de la empresa'), { target: { value: ' Autoescuela Sol ' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Marta' } });
    fireEvent.change(screen.getByLabelText('Apellidos'), { target: { value: 'Ruiz' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'marta@sol.es' } });
  }

  it('posts registration and returns to sign-in with a notice', async () => {
    const api = mockApi({ 'POST registration': envelopeOk({ business_id: 5, user_id: 9 }) });
    renderApp('/user/sign-up', { api });
    await screen.findByRole('heading', { name: 'Crear una cuenta' });
    fill();
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Sol-2026!' } });
    expect(screen.getByText('Fuerte')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Cuenta creada. Ya puede iniciar sesión.')).toBeInTheDocument();
    expect(api.calls('POST registration')[0].body).toEqual({
      business_name: 'Autoescuela Sol',
      first_name: 'Marta',
      last_name: 'Ruiz',
      email: 'marta@sol.es',
      password: 'Sol-2026!',
    });
  });

  it('refuses a weak password before calling the host', async () => {
    const api = mockApi();
    renderApp('/user/sign-up', { api });
    await screen.findByRole('heading', { name: 'Crear una cuenta' });
    fill();
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'corta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('al menos 8 caracteres');
    expect(api.requests).toHaveLength(0);
  });

  it('lists the host errors: known codes translated, field errors with the host detail', async () => {
    const api = mockApi({
      'POST registration': {
        success: false,
        error: [
          { code: 'ERROR_EMPLOYEE_022', data: { field: 'email' }, details: 'x' },
          { code: 'REQ-102', data: { field: 'business_name' }, details: 'El nombre de la empresa es obligatorio' },
        ],
      },
    });
    renderApp('/user/sign-up', { api });
    await screen.findByRole('heading', { name: 'Crear una cuenta' });
    fill();
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Sol-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const list = await screen.findByTestId('form-errors');
    expect(list).toHaveTextContent('Ya existe un usuario con ese correo electrónico');
    expect(list).toHaveTextContent('El nombre de la empresa es obligatorio');
  });
});

describe('password recovery', () => {
  async function ask(api: ReturnType<typeof mockApi>) {
    renderApp('/user/password/recovery', { api });
    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: 'ana@sol.es ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
  }

  it('posts the e-mail and says the mail is on its way', async () => {
    const api = mockApi({ 'POST user/password/recovery': envelopeOk({ sent: true }) });
    await ask(api);
    expect(await screen.findByText(/Le hemos enviado un correo/)).toBeInTheDocument();
    expect(api.calls('POST user/password/recovery')[0].body).toEqual({ email: 'ana@sol.es' });
  });

  it.each([
    ['PASSWORD-RESET-001', 'No hay ningún usuario asociado a ese correo. Compruebe sus permisos de acceso y que el usuario esté activo'],
    ['PASSWORD-RESET-002', 'Ha ocurrido un error en el proceso de recuperación'],
    ['PASSWORD-RESET-004', 'Ha ocurrido un error en el proceso de recuperación'],
  ])('shows %s', async (code, message) => {
    await ask(mockApi({ 'POST user/password/recovery': writeError(code) }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent(message);
  });
});

describe('password reset', () => {
  async function reset(api: ReturnType<typeof mockApi>, password = 'Nueva-2026!', repeat = password) {
    renderApp('/user/password/reset/tok-123', { api });
    fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Repita la contraseña'), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  }

  it('posts the token from the URL and the new password', async () => {
    const api = mockApi({ 'POST user/password/update': envelopeOk({ updated: true }) });
    await reset(api);
    expect(await screen.findByText(/Contraseña cambiada/)).toBeInTheDocument();
    expect(api.calls('POST user/password/update')[0].body).toEqual({ token: 'tok-123', password: 'Nueva-2026!' });
  });

  it('shows PASSWORD-RESET-003 with its wording and a link to ask again', async () => {
    await reset(mockApi({ 'POST user/password/update': writeError('PASSWORD-RESET-003') }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('URL no válida, revise el correo o vuelva a solicitarlo');
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute('href', '/user/password/recovery');
  });

  it('checks strength and that both passwords match before calling', async () => {
    const api = mockApi();
    await reset(api, 'Nueva-2026!', 'Nueva-2026?');
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('Las contraseñas no coinciden');
    expect(api.requests).toHaveLength(0);
  });
});
