import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { director, manager, renderModule } from '../test/render';
import { businessRoutes, device, lucia, roles, tomas } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const account = lucia().account;

function host(routes: Record<string, object> = {}, record: object = lucia()) {
  return mockApi({
    'GET employee/read': envelopeOk(record),
    ...businessRoutes,
    'GET business/rol/list': envelopeOk(roles),
    'GET user/sessions/read': envelopeOk([device(5)]),
    'GET employee/account/unlinked': envelopeOk([]),
    ...routes,
  });
}

/** The open question's button (clicked by the test itself, right before it waits: no update escapes `act`). */
const confirmButton = async (label: string) => within(await screen.findByRole('alertdialog')).getByRole('button', { name: label });

describe('"Acceso"', () => {
  it("shows the account: e-mail, role, state; a taken e-mail (ERROR_EMPLOYEE_122) under the field, then changed", async () => {
    const api = host({
      'POST user/email/update': writeError('ERROR_EMPLOYEE_122', 'Ya existe un usuario con ese correo electrónico, indique otro', { field: 'email' }),
    });
    renderModule('/employee/view/3?tab=access', api);
    const panel = await screen.findByTestId('access');
    expect(within(panel).getByTestId('account-email')).toHaveTextContent('lucia@autoescuela-demo.es');
    expect(within(panel).getByTestId('account-role')).toHaveTextContent('Profesor');
    const form = within(panel).getByRole('form', { name: 'Cambiar el correo electrónico' });
    const email = within(form).getByLabelText('Nuevo correo electrónico');
    expect(within(form).getByRole('button', { name: 'Cambiar correo' })).toBeDisabled();
    fireEvent.change(email, { target: { value: 'dolores@autoescuela-demo.es' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar correo' }));
    expect(await within(form).findByTestId('error-email')).toHaveTextContent('Ya existe un usuario con ese correo electrónico, indique otro');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST user/email/update')[0].body).toEqual({ user_id: 12, email: 'dolores@autoescuela-demo.es' });

    api.on('POST user/email/update', envelopeOk({ user_id: 12, email: 'lucia.martin@autoescuela-demo.es' }));
    api.on('GET employee/read', envelopeOk(lucia({ account: { ...account, email: 'lucia.martin@autoescuela-demo.es' } })));
    fireEvent.change(email, { target: { value: ' lucia.martin@autoescuela-demo.es ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar correo' }));
    expect(await screen.findByText('Correo electrónico cambiado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('lucia.martin@autoescuela-demo.es'));
    expect(api.calls('GET employee/read')).toHaveLength(2);
  });

  it('changes the role (business/rol/list), to none as well', async () => {
    const api = host({ 'POST user/role/update': (req: MockRequest) => envelopeOk(req.body) });
    renderModule('/employee/view/3?tab=access', api);
    const form = await screen.findByRole('form', { name: 'Cambiar el rol' });
    const select = within(form).getByRole('combobox', { name: 'Rol' });
    await within(select).findByRole('option', { name: 'Dirección' });
    expect(select).toHaveValue('2');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin rol (sin permisos)', 'Administración', 'Dirección', 'Profesor']);
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar rol' }));
    await waitFor(() => expect(api.calls('POST user/role/update').map((r) => r.body)).toEqual([{ user_id: 12, role_id: 3 }]));
    expect(await screen.findByText('Rol cambiado')).toBeInTheDocument();
    fireEvent.change(within(screen.getByRole('form', { name: 'Cambiar el rol' })).getByRole('combobox', { name: 'Rol' }), { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Cambiar el rol' })).getByRole('button', { name: 'Cambiar rol' }));
    await waitFor(() => expect(api.calls('POST user/role/update')[1].body).toEqual({ user_id: 12, role_id: null }));
  });

  it('locks the account after confirming (employee/lock): the badge turns "Bloqueado"; then unlocks it', async () => {
    const lockedAccount = { ...account, locked: true };
    const api = host({ 'POST employee/lock': (req: MockRequest) => envelopeOk(lucia({ account: { ...account, locked: (req.body as { locked: boolean }).locked } })) });
    renderModule('/employee/view/3?tab=access', api);
    const state = await screen.findByTestId('access-state');
    fireEvent.click(within(state).getByRole('button', { name: 'Bloquear acceso' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Bloquear el acceso de Lucía Martín Gil? No podrá entrar en Volante y sus sesiones se cerrarán.');
    api.on('GET employee/read', envelopeOk(lucia({ account: lockedAccount })));
    fireEvent.click(await confirmButton('Bloquear acceso'));
    await waitFor(() => expect(api.calls('POST employee/lock').map((r) => r.body)).toEqual([{ id: 3, locked: true }]));
    expect(await screen.findByText('Acceso bloqueado')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('employee-head')).getByTestId('account-badge')).toHaveTextContent('Bloqueado'));

    api.on('GET employee/read', envelopeOk(lucia()));
    fireEvent.click(within(screen.getByTestId('access-state')).getByRole('button', { name: 'Desbloquear acceso' }));
    fireEvent.click(await confirmButton('Desbloquear acceso'));
    await waitFor(() => expect(api.calls('POST employee/lock')[1].body).toEqual({ id: 3, locked: false }));
    await waitFor(() => expect(within(screen.getByTestId('employee-head')).getByTestId('account-badge')).toHaveTextContent('Activo'));
  });

  it('switches access off after confirming (user/state), and on without asking', async () => {
    const api = host({ 'POST user/state': (req: MockRequest) => envelopeOk(req.body) });
    renderModule('/employee/view/3?tab=access', api);
    fireEvent.click(within(await screen.findByTestId('access-state')).getByRole('button', { name: 'Desactivar acceso' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Desactivar el acceso de lucia@autoescuela-demo.es? Sus sesiones se cerrarán.');
    api.on('GET employee/read', envelopeOk(lucia({ account: { ...account, active: false } })));
    fireEvent.click(await confirmButton('Desactivar acceso'));
    await waitFor(() => expect(api.calls('POST user/state').map((r) => r.body)).toEqual([{ user_id: 12, active: false }]));
    fireEvent.click(await within(screen.getByTestId('access-state')).findByRole('button', { name: 'Activar acceso' }));
    await waitFor(() => expect(api.calls('POST user/state')[1].body).toEqual({ user_id: 12, active: true }));
    expect(await screen.findByText('Acceso activado')).toBeInTheDocument();
  });

  it('sets the sign-in code on new devices (user/twofactor/update) and sends the password link after confirming', async () => {
    const api = host({
      'POST user/twofactor/update': (req: MockRequest) => envelopeOk({ user_id: 12, two_factor: (req.body as { enabled: boolean }).enabled }),
      'POST user/password/reset': envelopeOk({ user_id: 12, sent: true }),
    });
    renderModule('/employee/view/3?tab=access', api);
    const twoFactor = await screen.findByTestId('access-two-factor');
    // the contract does not say whether it is on: both choices are offered
    expect(within(twoFactor).getByTestId('two-factor-state')).toHaveTextContent('según la configuración actual del usuario');
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Activar verificación' }));
    await waitFor(() => expect(within(twoFactor).getByTestId('two-factor-state')).toHaveTextContent('activada'));
    expect(api.calls('POST user/twofactor/update').map((r) => r.body)).toEqual([{ user_id: 12, enabled: true }]);
    expect(within(twoFactor).queryByRole('button', { name: 'Activar verificación' })).not.toBeInTheDocument();
    fireEvent.click(within(twoFactor).getByRole('button', { name: 'Desactivar verificación' }));
    await waitFor(() => expect(within(twoFactor).getByTestId('two-factor-state')).toHaveTextContent('desactivada'));

    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace de contraseña' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Enviar a lucia@autoescuela-demo.es un enlace para elegir una contraseña nueva?');
    fireEvent.click(await confirmButton('Enviar enlace de contraseña'));
    await waitFor(() => expect(api.calls('POST user/password/reset').map((r) => r.body)).toEqual([{ user_id: 12 }]));
    expect(await screen.findByText('Enlace enviado a lucia@autoescuela-demo.es')).toBeInTheDocument();
  });

  it("lists the account's devices with their sessions; renames, removes one and closes them all, confirmed", async () => {
    const api = host({
      'GET user/sessions/remove': envelopeOk({ device_id: 5, removed: true }),
      'GET user/sessions/purge': envelopeOk({ user_id: 12, devices: 1, sessions: 1 }),
      'POST user/sessions/rename': writeError('REQ-102', 'Este campo es obligatorio', { field: 'name' }),
    });
    renderModule('/employee/view/3?tab=access', api);
    const devices = await screen.findByTestId('user-devices');
    expect(query(api.calls('GET user/sessions/read')[0])).toEqual({ user_id: '12' });
    const table = within(devices).getByRole('table', { name: 'Dispositivos de Lucía Martín Gil' });
    expect(within(table).getByTestId('device-name')).toHaveTextContent('Portátil de la oficina');
    expect(within(table).getByTestId('device-sessions')).toHaveTextContent('192.168.1.20, último acceso 22/11/2026 - 18:30:00');
    expect(table).toHaveTextContent('Autorizado hasta el 21/02/2027');

    fireEvent.click(within(table).getByRole('button', { name: 'Renombrar Portátil de la oficina' }));
    const rename = within(table).getByRole('form', { name: 'Renombrar el dispositivo' });
    fireEvent.change(within(rename).getByLabelText('Nombre del dispositivo'), { target: { value: ' ' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Guardar' }));
    expect(await within(rename).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    api.on('POST user/sessions/rename', (req: MockRequest) => envelopeOk(req.body));
    api.on('GET user/sessions/read', envelopeOk([device(5, { name: 'Portátil de Lucía' })]));
    fireEvent.change(within(rename).getByLabelText('Nombre del dispositivo'), { target: { value: ' Portátil de Lucía ' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(table).getByTestId('device-name')).toHaveTextContent('Portátil de Lucía'));
    expect(api.calls('POST user/sessions/rename')[1].body).toEqual({ device_id: 5, name: 'Portátil de Lucía' });

    fireEvent.click(within(table).getByRole('button', { name: 'Quitar Portátil de Lucía' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Quitar el dispositivo Portátil de Lucía de Lucía Martín Gil?');
    fireEvent.click(await confirmButton('Quitar'));
    await waitFor(() => expect(query(api.calls('GET user/sessions/remove')[0])).toEqual({ device_id: '5' }));
    expect(await screen.findByText('Dispositivo quitado')).toBeInTheDocument();

    fireEvent.click(within(devices).getByRole('button', { name: 'Cerrar todas las sesiones' }));
    fireEvent.click(await confirmButton('Cerrar todas las sesiones'));
    await waitFor(() => expect(query(api.calls('GET user/sessions/purge')[0])).toEqual({ user_id: '12' }));
  });

  it('for an employee without an account: says so and creates one (employee/account/create)', async () => {
    const api = host({ 'POST employee/account/create': writeError('ERROR_EMPLOYEE_022', 'Ya existe un usuario con ese correo electrónico') }, tomas());
    renderModule('/employee/view/4?tab=access', api);
    expect(await screen.findByTestId('no-account')).toHaveTextContent('no tiene usuario de acceso');
    expect(within(screen.getByTestId('employee-head')).getByTestId('account-badge')).toHaveTextContent('Sin cuenta');
    const form = screen.getByRole('form', { name: 'Crear usuario de acceso' });
    fireEvent.change(within(form).getByLabelText(/^Correo electrónico/), { target: { value: 'tomas@autoescuela-demo.es' } });
    fireEvent.change(within(form).getByLabelText('Contraseña'), { target: { value: 'Tomas-2026!' } });
    await within(within(form).getByRole('combobox', { name: 'Rol' })).findByRole('option', { name: 'Administración' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Rol' }), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear usuario' }));
    expect(await within(form).findByTestId('error-email')).toHaveTextContent('Ya existe un usuario con ese correo electrónico');
    expect(api.calls('POST employee/account/create')[0].body).toEqual({ id: 4, email: 'tomas@autoescuela-demo.es', password: 'Tomas-2026!', role_id: 3 });

    api.on('POST employee/account/create', envelopeOk(tomas({ user_id: 20, account: { user_id: 20, email: 'tomas@autoescuela-demo.es', role_id: 3, role: 'Administración', active: true, locked: false } })));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Usuario de acceso creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('tomas@autoescuela-demo.es'));
    expect(within(screen.getByTestId('employee-head')).getByTestId('account-badge')).toHaveTextContent('Activo');
  });

  it('for an employee without an account: links a user the business already has (employee/account/link)', async () => {
    const api = host(
      {
        'GET employee/account/unlinked': envelopeOk([{ user_id: 2, email: 'director@autoescuela-demo.es', name: 'Dolores Directora', role: 'Director', active: true }]),
        'POST employee/account/link': writeError('CONFLICT-000', 'El usuario ya es el de otro empleado', { field: 'user_id' }),
      },
      tomas(),
    );
    renderModule('/employee/view/4?tab=access', api);
    const form = await screen.findByRole('form', { name: 'Vincular un usuario existente' });
    const select = within(form).getByRole('combobox', { name: 'Usuario' });
    expect(within(form).getByRole('button', { name: 'Vincular usuario' })).toBeDisabled();
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular usuario' }));
    expect(await within(form).findByTestId('error-user_id')).toHaveTextContent('El usuario ya es el de otro empleado');
    expect(api.calls('POST employee/account/link')[0].body).toEqual({ id: 4, user_id: 2 });

    api.on('POST employee/account/link', envelopeOk(tomas({ user_id: 2, account: { user_id: 2, email: 'director@autoescuela-demo.es', role_id: 1, role: 'Director', active: true, locked: false } })));
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular usuario' }));
    expect(await screen.findByText('Usuario vinculado al empleado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('director@autoescuela-demo.es'));
  });

  it('offers no link when every user of the business is some employee\'s', async () => {
    const api = host({ 'GET employee/account/unlinked': envelopeOk([]) }, tomas());
    renderModule('/employee/view/4?tab=access', api);
    await screen.findByRole('form', { name: 'Crear usuario de acceso' });
    await waitFor(() => expect(api.calls('GET employee/account/unlinked')).toHaveLength(1));
    expect(screen.queryByRole('form', { name: 'Vincular un usuario existente' })).toBeNull();
  });

  it("one's own account: no switching off or locking (the devices still shown)", async () => {
    const self = lucia({ user_id: 2, account: { ...account, user_id: 2 } });
    renderModule('/employee/view/3?tab=access', host({}, self), director);
    const state = await screen.findByTestId('access-state');
    expect(state).toHaveTextContent('Es su propio usuario');
    expect(within(state).queryByRole('button')).not.toBeInTheDocument();
    await screen.findByTestId('user-devices');
  });

  it('without employee.permissions and employee.devices: no role form and no devices asked', async () => {
    const api = host();
    renderModule('/employee/view/3?tab=access', api, manager);
    await screen.findByTestId('access');
    expect(screen.queryByRole('form', { name: 'Cambiar el rol' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('access-devices')).not.toBeInTheDocument();
    expect(api.calls('GET user/sessions/read')).toHaveLength(0);
    expect(api.calls('GET business/rol/list')).toHaveLength(0);
  });
});

describe('"PIN biométrico" and "Actividad"', () => {
  it('shows the PIN only on demand, and renews it after confirming', async () => {
    const api = host({ 'GET employee/pinbiometric': envelopeOk({ employee_id: 3, pin: '482913' }), 'POST employee/pinbiometric/renew': envelopeOk({ employee_id: 3, pin: '105376' }) });
    renderModule('/employee/view/3?tab=pin', api);
    expect(await screen.findByTestId('pin-state')).toHaveTextContent('Tiene PIN asignado.');
    expect(screen.queryByTestId('pin-value')).not.toBeInTheDocument();
    expect(api.calls('GET employee/pinbiometric')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar PIN' }));
    expect(await screen.findByTestId('pin-value')).toHaveTextContent('482913');
    expect(query(api.calls('GET employee/pinbiometric')[0])).toEqual({ id: '3' });
    fireEvent.click(screen.getByRole('button', { name: 'Renovar PIN' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('El actual dejará de valer en el terminal.');
    fireEvent.click(await confirmButton('Renovar PIN'));
    await waitFor(() => expect(screen.getByTestId('pin-value')).toHaveTextContent('105376'));
    expect(api.calls('POST employee/pinbiometric/renew').map((r) => r.body)).toEqual([{ id: 3 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar PIN' }));
    expect(screen.queryByTestId('pin-value')).not.toBeInTheDocument();
  });

  it("lists the account's activity (user/log), newest first, 50 at a time", async () => {
    const entry = (id: number, action: string, actor: number | null, detail: object = {}) => ({
      audit_log_id: id, actor_user_id: actor, action, target_kind: 'user', target_id: '12', detail, created_at: '2026-11-22T09:15:00Z',
    });
    const first = Array.from({ length: 50 }, (_, i) => entry(200 - i, 'user.email', 2, { from: 'a@x.es', to: 'b@x.es' }));
    first[0] = entry(200, 'user.state', 2, { active: false });
    first[1] = entry(199, 'login.ok', 12);
    const api = host({ 'GET user/log': (req: MockRequest) => envelopeOk(req.query.get('offset') === '0' ? first : [entry(150, 'device.purge', null, { devices: 2, sessions: 3 })]) });
    renderModule('/employee/view/3?tab=activity', api);
    const table = await screen.findByRole('table', { name: 'Actividad del usuario' });
    const rows = within(table).getAllByTestId('activity-action').map((a) => a.closest('tr')!);
    expect(rows).toHaveLength(50);
    expect([...rows[0].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['22/11/2026 - 10:15:00', 'Acceso activado o desactivado', 'Usted', 'active: false']);
    // an action the screens do not know is shown as it comes
    expect([...rows[1].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['22/11/2026 - 10:15:00', 'login.ok', 'El propio empleado', '']);
    expect(query(api.calls('GET user/log')[0])).toEqual({ user_id: '12', limit: '50', offset: '0' });
    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(table).getAllByTestId('activity-action')).toHaveLength(51));
    expect(query(api.calls('GET user/log')[1])).toEqual({ user_id: '12', limit: '50', offset: '50' });
    expect(within(table).getAllByTestId('activity-action').at(-1)!.closest('tr')).toHaveTextContent('Todos los dispositivos quitadosEl sistemadevices: 2 · sessions: 3');
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('has no activity to show without an account', async () => {
    const api = host({}, tomas());
    renderModule('/employee/view/4?tab=activity', api);
    expect(await screen.findByTestId('activity-none')).toHaveTextContent('Sin usuario de acceso');
    expect(api.calls('GET user/log')).toHaveLength(0);
  });
});
