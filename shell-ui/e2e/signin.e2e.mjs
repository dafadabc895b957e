// Sign-in and session journeys (the director, a fresh browser):
//   1. sign-in with the e-mailed code (read from <data dir>/outbox) and "authorise this device"
//   2. logout and sign-in again: no code step, the device is authorised
//   3. manual lock: a wrong password shows the warning, the right one unlocks
//   4. an unknown path lands on /404
import { DEMO_PASSWORD, USERS, assert, outboxFiles, waitForSigninCode } from './harness.mjs';

export async function signinJourneys({ host, browser, journey }) {
  const { page, shot } = browser;

  async function fillCredentials() {
    await page.getByLabel('Correo electrónico').fill(USERS.director);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  }

  async function openUserMenu() {
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
  }

  await journey(browser, 'sign-in-with-email-code-and-authorise-device', async () => {
    await page.goto(`${host.base}/`);
    await page.waitForURL('**/user/sign-in');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await shot('01-sign-in');
    const before = outboxFiles(host.dataDir);
    await fillCredentials();
    await page.getByRole('heading', { name: 'Código de acceso' }).waitFor();
    const code = await waitForSigninCode(host.dataDir, before, USERS.director);
    await page.getByLabel('Código', { exact: true }).fill(code);
    await page.getByRole('checkbox', { name: /Autorizar este dispositivo durante \d+ días/ }).check();
    await shot('02-code-step');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').filter({ hasText: 'Hola, Dolores' }).waitFor();
    await page.getByTestId('business-name').filter({ hasText: 'Autoescuela Demo' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('volante.token'));
    assert(token && token.length > 20, 'no session token stored');
    await shot('03-dashboard');
  });

  await journey(browser, 'sign-out-and-in-again-without-code', async () => {
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/user/sign-in');
    assert((await page.evaluate(() => localStorage.getItem('volante.token'))) === null, 'token still stored after logout');
    const before = outboxFiles(host.dataDir).length;
    await fillCredentials();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').waitFor();
    assert((await page.getByTestId('code-step').count()) === 0, 'the code step was shown again');
    assert(outboxFiles(host.dataDir).length === before, 'a new sign-in code was mailed to an authorised device');
    await shot('04-dashboard-again');
  });

  await journey(browser, 'manual-lock-wrong-then-right-password', async () => {
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Bloquear pantalla' }).click();
    await page.getByTestId('lock-screen').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill('contraseña-equivocada');
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByTestId('lock-error').filter({ hasText: 'revise la contraseña o se cerrará la sesión' }).waitFor();
    await shot('05-lock-wrong-password');
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByTestId('greeting').waitFor();
    assert((await page.getByTestId('lock-screen').count()) === 0, 'still locked');
    await shot('06-unlocked');
  });

  await journey(browser, 'unknown-path-goes-to-404', async () => {
    await page.goto(`${host.base}/esto/no/existe`);
    await page.waitForURL('**/404');
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    await shot('07-not-found');
  });
}
