// Shared pieces of the end-to-end journeys: the real host on a free loopback port, Chromium with
// fresh profiles, the sign-in (with the e-mailed code when the device is new), screenshots and a
// journey runner that fails on page errors.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = resolve(shellDir, '..');
export const distDir = join(shellDir, 'dist');
export const artifacts = join(repoDir, 'test-artifacts', 'e2e');
export const cacheDir = join(homedir(), '.cache', 'volante');
export const volanteBin = process.env.VOLANTE_BIN || join(cacheDir, 'target', 'debug', 'volante');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const DEMO_PASSWORD = process.env.VOLANTE_DEMO_PASSWORD || 'Demo-2026!';
export const USERS = {
  director: 'director@autoescuela-demo.es',
  teacher: 'profesor@autoescuela-demo.es',
  admin: 'admin@volante.local',
};
export const STEP_TIMEOUT_MS = 15_000;

export function log(message) {
  process.stdout.write(`[e2e] ${message}\n`);
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function freePort() {
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

// The host compiles every plugin component into its fresh data folder before it listens (22 of
// them, each taking seconds to tens of seconds on a busy 2-core machine), so the wait is generous.
async function waitForHealth(base, host, timeoutMs = 180_000) {
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

export function outboxFiles(dataDir) {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => join(outbox, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/** The decoded Subject of a raw message (RFC 2047 words joined; folded lines unfolded). */
export function mailSubject(raw) {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = /^subject:[ \t]*(.*)$/im.exec(head)?.[1] ?? '';
  const word = /=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g;
  const bytes = (encoding, data) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  // Adjacent encoded words are one text (a character may be split between them).
  return value.replace(/(?:=\?[^?]+\?[bqBQ]\?[^?]*\?=\s*)+/g, (run) => {
    const chunks = [...run.matchAll(word)].map((m) => bytes(m[2], m[3]));
    return Buffer.concat(chunks).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  }).trim();
}

/** The first mail written after `before` was listed whose subject is `subject`, waiting for it. */
export async function waitForMail(dataDir, before, subject, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of outboxFiles(dataDir).filter((f) => !before.includes(f))) {
      const raw = readFileSync(file, 'utf8');
      if (mailSubject(raw) === subject) return raw;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const subjects = outboxFiles(dataDir)
    .filter((f) => !before.includes(f))
    .map((f) => mailSubject(readFileSync(f, 'utf8')));
  throw new Error(`no mail "${subject}" in the outbox (new ones: ${JSON.stringify(subjects)})`);
}

/** The sign-in code mailed (to `email`, when given) after `seenBefore` was listed. */
export async function waitForSigninCode(dataDir, seenBefore, email) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const fresh = outboxFiles(dataDir).filter((file) => !seenBefore.includes(file));
    for (const file of fresh.reverse()) {
      const raw = readFileSync(file, 'utf8');
      if (email && !raw.includes(email)) continue;
      const match = /Tu código de acceso es:\s*(\d{6})/.exec(emlText(raw));
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no sign-in code arrived in the outbox${email ? ` for ${email}` : ''}`);
}

/**
 * The newest source file under `paths` (repository-relative files or folders) modified after
 * `built` was, or null: a sign that the binary does not carry the current source. The journeys
 * only warn (they run what was built; modification times are a hint, not proof).
 */
function newerSource(built, paths) {
  if (!existsSync(built)) return null;
  const builtAt = statSync(built).mtimeMs;
  let newest = null;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (stat.mtimeMs > builtAt && (!newest || stat.mtimeMs > newest.mtimeMs)) newest = { path, mtimeMs: stat.mtimeMs };
  };
  for (const path of paths) visit(join(repoDir, path));
  return newest ? relative(repoDir, newest.path) : null;
}

/** Build shell-ui/dist when missing (run `npm run build` after changing the source). */
export function ensureShellBuilt() {
  if (existsSync(join(distDir, 'index.html'))) return;
  log('shell-ui/dist is missing: building it');
  const built = spawnSync('npx', ['vite', 'build'], { cwd: shellDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
}

/**
 * The plugins the demo installs for the journeys (billing reads its contacts through contacts;
 * courses, dgt and practices their students; practices its vehicles from fleet and its teachers
 * from employees; products its taxes from billing and its suppliers from contacts; clock, the
 * staff time clock, fleet, the school's vehicles, workshops and insurance, employees, the staff
 * with their user accounts, agenda, the school's calendar and tasks, notes, the staff's
 * notebooks, temary, the school's syllabi, agreements, the contracts signed on a public page, chat,
 * the staff's messages, alarms, the staff's reminders, and consulting, the provider's training
 * consultancy (the demo switches it on for the provider, not the school), and valkiria, the
 * school's online theory tests, stand alone; agreements fills a signer in from contacts when
 * asked, guided, the guided classes, reads temary's syllabi as its digital books, and web, the
 * online shop, sells the catalogue's products; rooms, the virtual classroom, takes its students
 * from contacts; formative, the formative contents, makes its courses of temary's syllabi for
 * students from contacts).
 */
export const E2E_PLUGINS = ['contacts', 'billing', 'clock', 'fleet', 'employees', 'courses', 'dgt', 'practices', 'agenda', 'products', 'notes', 'temary', 'agreements', 'chat', 'alarms', 'consulting', 'valkiria', 'guided', 'web', 'rooms', 'formative'];

/**
 * A local registry with the plugins of `E2E_PLUGINS` for `volante demo` (plugins.registry_dir):
 * each UI is built (about a second, so the package always carries the current screens), then
 * packed with its built component (`scripts/build-plugins.sh <id>`) and signed with a throwaway
 * key, and published, with volante-registry. `E2E_REGISTRY` (+ `E2E_TRUSTED_KEY`) use an
 * existing registry instead. Answers `{reason}` when something it needs is not there. (No
 * `VOLANTE_` prefix: the host refuses unknown `VOLANTE_*` variables as configuration.)
 */
export function prepareRegistry(plugins = E2E_PLUGINS) {
  if (process.env.E2E_REGISTRY) {
    return { dir: process.env.E2E_REGISTRY, key: process.env.E2E_TRUSTED_KEY ?? null };
  }
  const registryBin = process.env.E2E_REGISTRY_BIN || join(dirname(volanteBin), 'volante-registry');
  if (!existsSync(registryBin)) return { reason: `no volante-registry binary at ${registryBin}` };
  // A plugin whose component is not built is left out (its journeys report themselves skipped).
  const built = plugins.filter((id) => {
    const wasm = join(cacheDir, 'plugins', `${id}.wasm`);
    if (!existsSync(wasm)) log(`no ${id} component at ${wasm} (scripts/build-plugins.sh ${id}): not in the registry`);
    return existsSync(wasm);
  });
  if (built.length === 0) return { reason: `no component built (scripts/build-plugins.sh ${plugins.join(' ')})` };
  const work = mkdtempSync(join(tmpdir(), 'volante-e2e-registry-'));
  const run = (args) => {
    const result = spawnSync(registryBin, args, { cwd: repoDir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`volante-registry ${args[0]} failed: ${result.stderr || result.stdout}`);
    return result.stdout.trim();
  };
  const keyFile = join(work, 'signing.key');
  const key = run(['keygen', '--out', keyFile]).split(/\s+/).pop();
  const dir = join(work, 'registry');
  mkdirSync(dir, { recursive: true });
  for (const id of built) {
    const uiDir = join(repoDir, 'plugins', id, 'ui');
    log(`building the ${id} UI (plugins/${id}/ui/dist)`);
    const ui = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: uiDir, stdio: 'inherit' });
    if (ui.status !== 0) return { reason: `the ${id} UI did not build` };
    const pkg = join(work, `${id}.vplugin`);
    run(['pack', join(repoDir, 'plugins', id), '--key', keyFile, '--out', pkg]);
    run(['publish', pkg, '--registry', dir]);
  }
  return { dir, key, plugins: built, cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

/** `volante demo` on a free port with a fresh data folder (and the registry's modules, if any). */
export async function startHost({ registry } = {}) {
  if (!existsSync(volanteBin)) throw new Error(`host binary not found at ${volanteBin} (set VOLANTE_BIN or build the host first)`);
  // (cargo relinks the host whenever a source is newer; the plugin components are only copied
  // when their bytes change, so their times say nothing.)
  const newer = newerSource(volanteBin, ['host/src', 'migrations']);
  if (newer) log(`warning: ${volanteBin} is older than ${newer}: the journeys run the host as it was built (rebuild it)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'volante-e2e-data-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(artifacts, { recursive: true });
  const hostLog = createWriteStream(join(artifacts, 'host.log'));
  // The host takes every VOLANTE_* variable as configuration; pass only its own.
  const own = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('E2E_')));
  const env = {
    ...own,
    VOLANTE_DATA_DIR: dataDir,
    VOLANTE_LISTEN: `127.0.0.1:${port}`,
    VOLANTE_PUBLIC_URL: base,
    VOLANTE_UI_DIR: distDir,
    VOLANTE_DEMO_PASSWORD: DEMO_PASSWORD,
  };
  if (registry?.dir) {
    env.VOLANTE_PLUGINS__REGISTRY_DIR = registry.dir;
    if (registry.key) env.VOLANTE_PLUGINS__TRUSTED_KEYS = JSON.stringify([registry.key]);
  }
  log(`starting ${volanteBin} demo on ${base} (data ${dataDir}${registry?.dir ? `, registry ${registry.dir}` : ''})`);
  const host = spawn(volanteBin, ['demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  host.stdout.pipe(hostLog);
  host.stderr.pipe(hostLog);
  await waitForHealth(base, host);
  return {
    base,
    dataDir,
    async stop(keepData) {
      host.kill('SIGTERM');
      await new Promise((r) => (host.exitCode !== null ? r() : host.once('exit', r)));
      hostLog.end();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      else log(`kept the host's data directory for inspection: ${dataDir}`);
    },
  };
}

/** Chromium with a fresh profile; a launch that dies at start-up (seen once) is tried again. */
export async function launchChromium(attempts = 3) {
  const profileDir = mkdtempSync(join(tmpdir(), 'volante-e2e-profile-'));
  for (let attempt = 1; ; attempt++) {
    try {
      const context = await chromium.launchPersistentContext(profileDir, {
        executablePath: chromiumPath,
        headless: true,
        // --headless and --user-data-dir go through Playwright's own options (it refuses
        // --user-data-dir among the args); the rest are passed as they are.
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        viewport: { width: 1366, height: 800 },
        locale: 'es-ES',
        timezoneId: 'Europe/Madrid',
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const close = context.close.bind(context);
      context.close = async () => {
        await close().catch(() => {});
        rmSync(profileDir, { recursive: true, force: true });
      };
      return context;
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`Chromium did not start (${error.message.split('\n')[0]}); trying again`);
      rmSync(profileDir, { recursive: true, force: true });
      mkdirSync(profileDir, { recursive: true });
    }
  }
}

/** A browser (fresh profile) with its first page, collecting page errors and console errors. */
export async function openBrowser() {
  const context = await launchChromium();
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  const shot = (name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  return { context, page, errors, shot };
}

/** Runs journeys, recording results; a failed one keeps a screenshot. */
export function journeyRunner(results) {
  return async function journey(browser, name, run) {
    const started = Date.now();
    try {
      await run();
      assert(browser.errors.length === 0, `errors in the page: ${browser.errors.join(' | ')}`);
      results.push({ name, ok: true });
      log(`PASS ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      results.push({ name, ok: false, error });
      log(`FAIL ${name}: ${error.message}`);
      await browser.shot(`failure-${name.replace(/\W+/g, '-')}`).catch(() => {});
      browser.errors.length = 0;
    }
  };
}

/**
 * What a journey needs before it can tell whether it runs (sign-ins, reads that decide a skip):
 * `step`'s value, or null when it failed, the failure then recorded as the journey's (with the
 * page's screenshot) rather than a crash of the run.
 */
export async function prepare(journey, browser, name, step) {
  try {
    return { value: await step() };
  } catch (error) {
    await journey(browser, name, async () => {
      throw error;
    });
    return null;
  }
}

/** Sign in from the sign-in screen; a new device gets the e-mailed code (device then authorised). */
export async function signIn(page, host, email, password = DEMO_PASSWORD) {
  await page.goto(`${host.base}/user/sign-in`);
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  const before = outboxFiles(host.dataDir);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  const step = await Promise.race([
    page.waitForURL('**/dashboard').then(() => 'dashboard'),
    page.getByRole('heading', { name: 'Código de acceso' }).waitFor().then(() => 'code'),
  ]);
  if (step === 'code') {
    const code = await waitForSigninCode(host.dataDir, before, email);
    await page.getByLabel('Código', { exact: true }).fill(code);
    await page.getByRole('checkbox', { name: /Autorizar este dispositivo durante \d+ días/ }).check();
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
  }
  await page.getByTestId('greeting').waitFor();
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A valid DNI (8 digits and their letter) made from `seed` (journeys make people unique per run). */
export function dni(seed) {
  const number = 10_000_000 + (seed % 89_999_999);
  return `${number}${DNI_LETTERS[number % 23]}`;
}

/** `YYYY-MM-DD` of today plus `days` (UTC; the host's Spanish date is the same or a day later). */
export function isoDate(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A call to the real host with the signed-in page's session (for a journey's set-up and checks, not the journey itself). */
export async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Token ${localStorage.getItem('volante.token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer.error)}`);
      return answer.data;
    },
    { method, path, body },
  );
}
