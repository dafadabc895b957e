// Time clock journeys (registro de jornada): the clock plugin's remote loaded by the shell.
//  11. the director opens "Control horario", clocks in, pauses, resumes and finishes the day
//      (confirmed): today's intervals are Trabajo, Pausa, Trabajo
//  12. the director corrects the first interval in "Registros" (refused without a reason, then
//      saved with one): the day and the interval are marked edited and "Historial" shows the
//      change and its reason; the record exported to Excel is an .xlsx (a zip)
//  13. the teacher clocks in and finishes, and sees only their own record: no worker filter, no
//      "Corregir"
// No exact clock times are asserted (a run may cross midnight): states, counts and the times the
// journey types itself. They need the host to have installed the clock package (`volante demo`
// with plugins.registry_dir); without it they are reported as skipped, with the reason.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { USERS, api, assert, log, openBrowser, signIn } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const clockLink = (page) => menu(page).getByRole('link', { name: 'Control horario' });

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `YYYY-MM-DD` as the screens show a date: `DD/MM/YYYY`. */
const spanishDate = (day) => day.split('-').reverse().join('/');
/** A `datetime-local` value (`YYYY-MM-DDTHH:MM`) as the screens show it: `DD/MM/YYYY HH:MM`. */
const inputText = (value) => `${spanishDate(value.slice(0, 10))} ${value.slice(11, 16)}`;

/**
 * Earlier times on the same day for an interval clocked at `start` (a `datetime-local` value):
 * one hour before to half an hour before, or, within the day's first hour, from midnight with
 * the end left as it was (a correction must not move the interval to the day before).
 */
function earlierTimes(start) {
  const [hours, minutes] = start.slice(11, 16).split(':').map(Number);
  const at = (total) => `${start.slice(0, 11)}${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  const clocked = hours * 60 + minutes;
  if (clocked < 61) return { start: at(0), end: null };
  return { start: at(clocked - 60), end: at(clocked - 30) };
}

/** Open "Control horario" from the menu: the "Mi jornada" tab at /clock/report/hoy. */
async function openClock(page) {
  await clockLink(page).click();
  await page.waitForURL('**/clock/report/hoy');
  await page.getByRole('tab', { name: 'Mi jornada', selected: true }).waitFor();
}

const STATES = {
  closed: /^Sin jornada abierta$/,
  working: /^Trabajando desde \d{2}:\d{2}$/,
  paused: /^En pausa desde \d{2}:\d{2}$/,
};

/** Wait for the clock to show `state` (its sentence, and the buttons that make sense for it). */
async function expectState(page, state) {
  const shown = page.getByTestId('clock-state');
  await shown.filter({ hasText: STATES[state] }).waitFor();
  assert((await shown.getAttribute('data-state')) === state, `the clock's state is ${await shown.getAttribute('data-state')}, expected ${state}`);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const enabled = {
    closed: { 'Iniciar jornada': true, Pausar: false, 'Finalizar jornada': false },
    working: { 'Iniciar jornada': false, Pausar: true, 'Finalizar jornada': true },
    paused: { Reanudar: true, Pausar: false, 'Finalizar jornada': true },
  }[state];
  for (const [name, on] of Object.entries(enabled)) {
    // the buttons stay disabled until the dashboard has been read again
    if (on) await page.waitForFunction((name) => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === name && !b.disabled), name);
    else assert(await button(name).isDisabled(), `"${name}" should be disabled while ${state}`);
  }
}

/** A clock button, its confirmation toast and the state it leads to. */
async function act(page, name, toast, state) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByText(toast, { exact: true }).first().waitFor();
  await expectState(page, state);
}

/** "Finalizar jornada", confirmed in its dialog. */
async function finishDay(page) {
  await page.getByRole('button', { name: 'Finalizar jornada', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Finalizar la jornada' });
  await dialog.getByText('¿Finalizar la jornada de hoy?', { exact: false }).waitFor();
  return dialog;
}

/** The kinds of today's intervals ("Tramos de hoy"), in order, once there are `count`. */
async function todayKinds(page, count) {
  const table = page.getByRole('table', { name: 'Tramos de hoy', exact: true });
  await table.getByTestId('entry-kind').nth(count - 1).waitFor();
  const kinds = await table.getByTestId('entry-kind').allTextContents();
  assert(kinds.length === count, `today's intervals are ${JSON.stringify(kinds)}, expected ${count}`);
  assert((await table.getByText('en curso', { exact: true }).count()) === 0, 'an interval of a finished day is still running');
  return kinds;
}

/** Wait for the record ("Registros") to list `row`, or fail with the error it shows instead. */
async function recordLists(page, row) {
  const failed = page.getByTestId('report-errors');
  const outcome = await Promise.race([
    row.first().waitFor().then(() => 'listed').catch((error) => error),
    failed.waitFor().then(() => 'failed').catch((error) => error),
  ]);
  if (outcome === 'failed') throw new Error(`the record did not load: ${await failed.textContent()}`);
  if (outcome instanceof Error) throw outcome;
}

/** The day the clock counts as today: the week's row marked as the current date. */
const todayOnClock = (page) => page.locator('[data-testid="week-day"][aria-current="date"]').getAttribute('data-date');

export async function clockJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('clock')) {
    skip(
      ['director-clocks-in-pauses-resumes-and-finishes', 'director-corrects-an-interval-and-exports-the-record', 'teacher-sees-only-their-own-record'],
      `GET plugin/modules lists no clock module (${JSON.stringify(modules)}): the host has not installed the clock package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  await journey(browser, 'director-clocks-in-pauses-resumes-and-finishes', async () => {
    await openClock(page);
    await expectState(page, 'closed');
    await page.getByRole('table', { name: 'Tramos de hoy', exact: true }).getByText('No hay tramos registrados').waitFor();
    await shot('30-clock-closed');

    await act(page, 'Iniciar jornada', 'Jornada iniciada', 'working');
    await shot('31-clock-working');
    await act(page, 'Pausar', 'Pausa iniciada', 'paused');
    await shot('32-clock-paused');
    await act(page, 'Reanudar', 'Jornada reanudada', 'working');

    const dialog = await finishDay(page);
    await shot('33-clock-finish-dialog');
    await dialog.getByRole('button', { name: 'Finalizar jornada', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Jornada finalizada', { exact: true }).first().waitFor();
    await expectState(page, 'closed');

    const kinds = await todayKinds(page, 3);
    assert(JSON.stringify(kinds) === JSON.stringify(['Trabajo', 'Pausa', 'Trabajo']), `today's intervals are ${JSON.stringify(kinds)}`);
    // this week's table marks today, and it has a row per day, Monday to Sunday
    assert(/^\d{4}-\d{2}-\d{2}$/.test((await todayOnClock(page)) ?? ''), 'the week does not mark today');
    assert((await page.getByRole('table', { name: 'Esta semana', exact: true }).getByTestId('week-day').count()) === 7, 'the week does not list seven days');
    await shot('34-clock-day-finished');
  });

  await journey(browser, 'director-corrects-an-interval-and-exports-the-record', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'volante-e2e-downloads-'));
    try {
      const stamp = Date.now().toString(36).slice(-4);
      // Set-up when the journey before did not leave a finished day: clocked through the API.
      const dashboard = await api(page, 'GET', 'clock/dashboard');
      if (dashboard.today.entries.length === 0) {
        for (const step of ['init', 'pause', 'init', 'finish']) await api(page, 'POST', `clock/${step}`, {});
      } else if (dashboard.status.open) {
        await api(page, 'POST', 'clock/finish', {});
      }
      const day = (await api(page, 'GET', 'clock/dashboard')).today.date;
      const dayText = spanishDate(day);

      await openClock(page);
      await page.getByRole('tab', { name: 'Registros' }).click();
      await page.waitForURL('**/clock/report/registros');
      await page.getByRole('tab', { name: 'Registros', selected: true }).waitFor();
      const days = page.getByRole('table', { name: 'Jornadas', exact: true });
      const row = days.getByRole('row').filter({ hasText: dayText }).filter({ hasText: 'Dolores' });
      await recordLists(page, row);
      // with employee.clock: everyone's records, so a worker filter
      const filters = page.getByRole('form', { name: 'Filtros del registro' });
      await filters.getByRole('combobox', { name: 'Trabajador' }).waitFor();
      assert((await row.count()) === 1, `the director's day ${dayText} is listed ${await row.count()} times`);
      assert((await row.getByText('Editada', { exact: true }).count()) === 0, 'the day is marked edited before any correction');
      await shot('35-clock-records');

      // The day's intervals, and the first one's correction.
      await row.getByRole('button', { name: new RegExp(`^Tramos del ${escapeRegExp(dayText)} de Dolores`) }).click();
      const detail = page.getByRole('region', { name: new RegExp(`^Tramos del ${escapeRegExp(dayText)} · Dolores`) });
      const intervals = detail.getByRole('row').filter({ has: page.getByTestId('entry-kind') });
      await intervals.first().waitFor();
      const kinds = await detail.getByTestId('entry-kind').allTextContents();
      assert(kinds[0] === 'Trabajo' && kinds.length >= 1, `the day's intervals are ${JSON.stringify(kinds)}`);
      const first = intervals.first();
      await first.getByRole('button', { name: 'Corregir', exact: true }).click();
      const form = page.getByRole('form', { name: /^Corregir el tramo de trabajo del / });
      const startInput = form.getByLabel('Inicio', { exact: true });
      const endInput = form.getByLabel('Fin', { exact: true });
      const clockedStart = await startInput.inputValue();
      const clockedEnd = await endInput.inputValue();
      assert(clockedStart.startsWith(`${day}T`) && clockedEnd.startsWith(`${day}T`), `the form holds ${clockedStart} – ${clockedEnd}, not times of ${day}`);
      const earlier = earlierTimes(clockedStart);
      await startInput.fill(earlier.start);
      if (earlier.end) await endInput.fill(earlier.end);
      else log(`the interval was clocked in the day's first hour (${clockedStart}): only its start is moved, to midnight`);

      // no reason: refused before asking the host
      await form.getByRole('button', { name: 'Guardar corrección' }).click();
      await form.getByRole('alert').filter({ hasText: 'Indique el motivo de la corrección' }).waitFor();
      assert((await form.getByLabel('Motivo').getAttribute('aria-invalid')) === 'true', 'the empty reason is not marked invalid');
      assert((await detail.getByText('Editado', { exact: true }).count()) === 0, 'a correction without a reason was saved');
      await shot('36-clock-correction-no-reason');

      const reason = `Olvidó fichar la entrada (e2e ${stamp})`;
      await form.getByLabel('Motivo').fill(reason);
      await form.getByRole('button', { name: 'Guardar corrección' }).click();
      await page.getByText('Tramo corregido', { exact: true }).first().waitFor();
      await form.waitFor({ state: 'detached' });
      await row.getByText('Editada', { exact: true }).waitFor();
      await first.getByText('Editado', { exact: true }).waitFor();
      const shownStart = await first.getByTestId('entry-start').textContent();
      assert(shownStart === earlier.start.slice(11), `the corrected interval starts at ${shownStart}, expected ${earlier.start.slice(11)}`);
      if (earlier.end) {
        const shownEnd = await first.getByTestId('entry-end').textContent();
        assert(shownEnd === earlier.end.slice(11), `the corrected interval ends at ${shownEnd}, expected ${earlier.end.slice(11)}`);
      }
      // the others were left as they were clocked
      assert((await detail.getByText('Editado', { exact: true }).count()) === 1, 'more than one interval is marked edited');

      // Its history: who, before and after, and why.
      await first.getByRole('button', { name: 'Historial', exact: true }).click();
      const history = page.getByRole('region', { name: /^Historial del tramo de trabajo del / });
      const changes = history.getByRole('table', { name: 'Cambios del tramo' });
      const change = changes.getByRole('row').filter({ hasText: reason });
      await change.waitFor();
      assert((await changes.getByTestId('change-after').count()) === 1, 'the interval should have one change');
      await change.getByText('Dolores', { exact: false }).waitFor();
      const before = await change.getByTestId('change-before').textContent();
      const after = await change.getByTestId('change-after').textContent();
      const expectedAfter = earlier.end ? `${inputText(earlier.start)} – ${inputText(earlier.end)}` : `${inputText(earlier.start)} – `;
      assert(after.startsWith(expectedAfter), `the history's "after" is ${after}, expected ${expectedAfter}…`);
      assert(before.startsWith(`${inputText(clockedStart)} – `), `the history's "before" is ${before}, expected the clocked start ${inputText(clockedStart)}`);
      await shot('37-clock-history');
      await history.getByRole('button', { name: 'Cerrar historial' }).click();
      await history.waitFor({ state: 'detached' });

      // The record as an Excel workbook.
      const [file] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: 'Exportar a Excel' }).click()]);
      const name = file.suggestedFilename();
      assert(/^registro-jornada-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/.test(name), `the export is named ${name}`);
      const path = join(downloads, name);
      await file.saveAs(path);
      const bytes = readFileSync(path);
      assert(bytes.subarray(0, 2).toString('latin1') === 'PK', `${name} is not a zip (it starts with ${JSON.stringify(bytes.subarray(0, 4).toString('latin1'))})`);
      await page.getByText('Registro exportado a Excel', { exact: true }).first().waitFor();
      // its sheets, read with unzip when there is one: the director's intervals
      const unzipped = spawnSync('unzip', ['-p', path], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      if (unzipped.error) log(`no unzip (${unzipped.error.message}): the workbook's contents are not checked`);
      else {
        assert(unzipped.status === 0, `unzip could not read ${name}: ${unzipped.stderr}`);
        for (const needle of ['Registro de jornada del', dayText, 'Dolores', 'Trabajo', 'Pausa']) {
          assert(unzipped.stdout.includes(needle), `the workbook lacks "${needle}"`);
        }
      }
      await shot('38-clock-exported');
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });

  await journey(browser, 'teacher-sees-only-their-own-record', async () => {
    const teacher = await openBrowser();
    try {
      const tp = teacher.page;
      await signIn(tp, host, USERS.teacher);
      await openClock(tp);
      await expectState(tp, 'closed');
      await act(tp, 'Iniciar jornada', 'Jornada iniciada', 'working');
      const dialog = await finishDay(tp);
      await dialog.getByRole('button', { name: 'Finalizar jornada', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectState(tp, 'closed');
      const kinds = await todayKinds(tp, 1);
      assert(kinds[0] === 'Trabajo', `the teacher's interval is ${JSON.stringify(kinds)}`);
      await teacher.shot('39-clock-teacher-day');

      await tp.getByRole('tab', { name: 'Registros' }).click();
      await tp.waitForURL('**/clock/report/registros');
      const days = tp.getByRole('table', { name: 'Jornadas', exact: true });
      const own = days.getByRole('row').filter({ hasText: 'Pablo' });
      await recordLists(tp, own);
      // only their own days: every row is theirs (the director's day is not there)
      const rows = days.getByRole('row').filter({ has: tp.getByRole('button', { name: /^Tramos del / }) });
      assert((await rows.count()) === (await own.count()), `the teacher sees others' days: ${JSON.stringify(await rows.allTextContents())}`);
      assert((await days.getByText('Dolores', { exact: false }).count()) === 0, "the teacher sees the director's day");
      const totals = tp.getByRole('table', { name: 'Totales por trabajador', exact: true });
      await totals.getByRole('row').filter({ hasText: 'Pablo' }).waitFor();
      assert((await totals.getByText('Dolores', { exact: false }).count()) === 0, "the teacher sees the director's totals");
      // no worker filter
      const filters = tp.getByRole('form', { name: 'Filtros del registro' });
      assert((await filters.getByRole('combobox').count()) === 0, 'the teacher has a worker filter');
      assert((await filters.getByLabel('Trabajador').count()) === 0, 'the teacher has a worker filter');

      // their intervals: the history, no correction
      await own.first().getByRole('button', { name: /^Tramos del / }).click();
      const detail = tp.getByRole('region', { name: /^Tramos del .* · Pablo/ });
      await detail.getByRole('button', { name: 'Historial', exact: true }).first().waitFor();
      assert((await detail.getByRole('button', { name: 'Corregir' }).count()) === 0, 'the teacher may correct an interval');
      assert((await tp.getByRole('button', { name: 'Corregir' }).count()) === 0, 'the teacher sees "Corregir"');
      await detail.getByRole('button', { name: 'Historial', exact: true }).first().click();
      await tp.getByRole('table', { name: 'Cambios del tramo' }).getByText('Sin cambios: el tramo se conserva tal como se fichó').waitFor();
      await teacher.shot('40-clock-teacher-records');
      assert(teacher.errors.length === 0, `errors in the teacher's page: ${teacher.errors.join(' | ')}`);
    } finally {
      await teacher.context.close();
    }
  });
}
