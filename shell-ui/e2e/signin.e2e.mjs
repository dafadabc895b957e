#!/usr/bin/env node
// End-to-end journeys of the shell against the real host, in Debian's Chromium.
//
// Starts `$VOLANTE_BIN demo` on a free loopback port with a fresh data directory and the built
// shell (shell-ui/dist, built first if missing), waits for /healthz, then drives Chromium
// (playwright-core, /usr/bin/chromium, fresh profile) through:
//   1. sign-in with the e-mailed code (read from <data dir>/outbox) and "authorise this device"
//   2. logout and sign-in again: no code step, the device is authorised
//   3. manual lock: a wrong password shows the warning, the right one unlocks
//   4. an unknown path lands on /404
// Screenshots go to test-artifacts/e2e/ (with the host's log). Prints "N passed, M failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, createWriteStream, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(shellDir, '..');
const distDir = join(shellDir, 'dist');
const artifacts = join(repoDir, 'test-artifacts', 'e2e');
const volanteBin = process.env.VOLANTE_BIN || join(homedir(), '.cache', 'volante', 'target', 'debug', 'volante');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DEMO_EMAIL = 'director@autoescuela-demo.es';
const DEMO_PASSWORD = 'Demo-2026!';
const STEP_TIMEOUT_MS = 15_000;

function log(message) {
  process.stdout.write(`[e2e] ${message}\n`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(base, host, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (host.exitCode !== null) throw new Error(`the host exited with code ${host.exitCode} (see host.log)`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${base}/healthz after ${timeoutMs} ms`);
}

/** The text body of an .eml file, decoded (quoted-printable or base64). */
export function emlText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = body.replace(/=\r?\n/g, '');
    const bytes = [];
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '=' && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
        bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(body[i], 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

function outboxFiles(dataDir) {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => join(outbox, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

async function waitForSigninCode(dataDir, seenBefore) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const fresh = outboxFiles(dataDir).filter((file) => !seenBefore.includes(file));
    for (const file of fresh.reverse()) {
      const match = /Tu código de acceso es:\s*(\d{6})/.exec(emlText(readFileSync(file, 'utf8')));
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('no sign-in code arrived in the outbox');
}

/** Chromium with a fresh profile; a launch that dies at start-up (seen once) is tried again. */
async function launchChromium(profileDir, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launchPersistentContext(profileDir, {
        executablePath: chromiumPath,
        headless: true,
        // --headless and --user-data-dir go through Playwright's own options (it refuses
        // --user-data-dir among the args); the rest are passed as they are.
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        viewport: { width: 1366, height: 800 },
        locale: 'es-ES',
        timezoneId: 'Europe/Madrid',
      });
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`Chromium did not start (${error.message.split('\n')[0]}); trying again`);
      rmSync(profileDir, { recursive: true, force: true });
      mkdirSync(profileDir, { recursive: true });
    }
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  if (!existsSync(volanteBin)) {
    throw new Error(`host binary not found at ${volanteBin} (set VOLANTE_BIN or build the host first)`);
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    log('shell-ui/dist is missing: building it');
    const built = spawnSync('npx', ['vite', 'build'], { cwd: shellDir, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (apt-get install -y chromium)`);

  const dataDir = mkdtempSync(join(tmpdir(), 'volante-e2e-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'volante-e2e-profile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const hostLog = createWriteStream(join(artifacts, 'host.log'));
  log(`starting ${volanteBin} demo on ${base} (data ${dataDir})`);
  const host = spawn(volanteBin, ['demo'], {
    env: {
      ...process.env,
      VOLANTE_DATA_DIR: dataDir,
      VOLANTE_LISTEN: `127.0.0.1:${port}`,
      VOLANTE_PUBLIC_URL: base,
      VOLANTE_UI_DIR: distDir,
      VOLANTE_DEMO_PASSWORD: DEMO_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host.stdout.pipe(hostLog);
  host.stderr.pipe(hostLog);

  let context;
  const results = [];
  try {
    await waitForHealth(base, host);
    log('host is healthy; launching Chromium');
    context = await launchChromium(profileDir);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(`console: ${message.text()}`));
    const shot = (name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

    async function journey(name, run) {
      const started = Date.now();
      try {
        await run();
        assert(pageErrors.length === 0, `errors in the page: ${pageErrors.join(' | ')}`);
        results.push({ name, ok: true });
        log(`PASS ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        results.push({ name, ok: false, error });
        log(`FAIL ${name}: ${error.message}`);
        await shot(`failure-${name.replace(/\W+/g, '-')}`).catch(() => {});
        pageErrors.length = 0;
      }
    }

    async function fillCredentials() {
      await page.getByLabel('Correo electrónico').fill(DEMO_EMAIL);
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    }

    async function openUserMenu() {
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
    }

    await journey('sign-in-with-email-code-and-authorise-device', async () => {
      await page.goto(`${base}/`);
      await page.waitForURL('**/user/sign-in');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await shot('01-sign-in');
      const before = outboxFiles(dataDir);
      await fillCredentials();
      await page.getByRole('heading', { name: 'Código de acceso' }).waitFor();
      const code = await waitForSigninCode(dataDir, before);
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

    await journey('sign-out-and-in-again-without-code', async () => {
      await openUserMenu();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/user/sign-in');
      assert((await page.evaluate(() => localStorage.getItem('volante.token'))) === null, 'token still stored after logout');
      const before = outboxFiles(dataDir).length;
      await fillCredentials();
      await page.waitForURL('**/dashboard');
      await page.getByTestId('greeting').waitFor();
      assert((await page.getByTestId('code-step').count()) === 0, 'the code step was shown again');
      assert(outboxFiles(dataDir).length === before, 'a new sign-in code was mailed to an authorised device');
      await shot('04-dashboard-again');
    });

    await journey('manual-lock-wrong-then-right-password', async () => {
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

    await journey('unknown-path-goes-to-404', async () => {
      await page.goto(`${base}/esto/no/existe`);
      await page.waitForURL('**/404');
      await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
      await shot('07-not-found');
    });
  } finally {
    await context?.close().catch(() => {});
    host.kill('SIGTERM');
    await new Promise((r) => (host.exitCode !== null ? r() : host.once('exit', r)));
    hostLog.end();
    rmSync(profileDir, { recursive: true, force: true });
    if (results.every((r) => r.ok)) rmSync(dataDir, { recursive: true, force: true });
    else log(`kept the host's data directory for inspection: ${dataDir}`);
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  for (const r of results.filter((r) => !r.ok)) console.error(`\n${r.name}:\n${r.error.stack}`);
  log(`screenshots in ${artifacts}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[e2e] ${error.stack ?? error}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
