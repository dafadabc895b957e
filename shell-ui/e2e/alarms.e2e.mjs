// Alarms journey: the alarms plugin's remote loaded by the shell, and an alarm going off live
// (the host's timer poller wakes the plugin, which pushes `alarms.notice` through the realtime
// stream; the shell shows it as a toast).
//  23. the director opens "Alarmas" ("Avisos" first), in the "Alarmas" tab creates the group
//      "ITV" with a colour in the groups panel, then with "Nueva alarma" the yearly alarm "ITV del
//      Ibiza" (description, the group, a day a month ahead at 09:00, the director and the demo
//      teacher, "Enviar también por correo", link /alarma/list): its page says "Sonará el …" with
//      that day and hour, "Cada año", the group and "Todavía no ha sonado". A second alarm made
//      through the API (alarma/create, e-mail on, link /alarma/list) for the next whole minute
//      of Spain's clock goes off while the director looks at the first one: the shell's toast,
//      with its title and description, arrives without a reload (the menu's badge counts it);
//      its "Abrir" opens "Avisos", which lists the notice; "Descartar" takes it away (the tab's
//      count goes back; the menu's badge at the next navigation). In "Alarmas" the first alarm
//      is listed with its group, yearly and with both people; opened and deleted (confirmed),
//      the list no longer has it. What the host stored matches (alarma/read, alarma/notice/read,
//      alarma/group/read), and the outbox has the second alarm's mail "Alarma: <title>" to the
//      director, with its description and link
// It needs the host to have installed the alarms package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. The second
// alarm's title is unique per run.
import { USERS, api, assert, emlText, log, outboxFiles, waitForMail } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
// "Alarmas", or "Alarmas" and the count of the menu's badge ([ui.menu.badge]: "1 pendiente").
const alarmsLink = (page) => menu(page).getByRole('link', { name: /^Alarmas(?![A-Za-zÀ-ÿ])/ });
/** The menu entry's whole accessible name when `count` notices are pending (MenuBadge). */
const linkName = (count) => (count === 0 ? 'Alarmas' : `Alarmas ${count} ${count === 1 ? 'pendiente' : 'pendientes'}`);

/** The demo teacher as the host's staff directory names them (host/src/demo.rs: first and last name). */
const TEACHER_NAME = 'Pablo Profesor Demo';
/** How long the menu's badge or a list may take to follow a push (generous: a loaded 2-core machine). */
const LIVE_TIMEOUT_MS = 15_000;
/** After the alarm's minute, how long its toast may take (the timer poller runs every 2 s; generous). */
const FIRING_GRACE_MS = 60_000;
/** The least time left before the alarm's minute: closer, the next minute (the host refuses a past time). */
const MIN_LEAD_MS = 15_000;

const TIME_ZONE = 'Europe/Madrid';
const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const spainTime = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** A moment's day (`YYYY-MM-DD`) and time (`HH:MM`) on Spain's (peninsula) clock. */
const spanishClock = (at) => {
  const parts = Object.fromEntries(spainTime.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: spainDay.format(at), time: `${parts.hour}:${parts.minute}` };
};
/** A plain date `days` later. */
const addDays = (iso, days) => {
  const at = new Date(`${iso}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
/** `YYYY-MM-DD` as the screens show it: `DD/MM/YYYY`. */
const shown = (iso) => iso.split('-').reverse().join('/');
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tab of the list page; its label gains " (n)" when notices are pending. */
const listTab = (page, label, options = {}) => page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(label)}( \\(\\d+\\))?$`), ...options });

/** Marks the page's window: still marked later, the page was never reloaded in between. */
const markWindow = (page) => page.evaluate(() => {
  window.__alarmsE2eWindow = true;
});
const sameWindow = (page) => page.evaluate(() => window.__alarmsE2eWindow === true);

export async function alarmsJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('alarms')) {
    skip(
      ['director-sets-an-alarm-that-goes-off'],
      `GET plugin/modules lists no alarms module (${JSON.stringify(modules)}): the host has not installed the alarms package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-sets-an-alarm-that-goes-off', async () => {
    // The director (this browser's session) and the teacher, as the alarms' staff list has them.
    const { user } = await api(page, 'GET', 'user/verify');
    assert(user.email === USERS.director, `the journeys' browser is signed in as ${user.email}, not the director`);
    const staff = await api(page, 'GET', 'alarma/staff');
    const director = staff.find((m) => m.user_id === user.user_id);
    const teacher = staff.find((m) => m.name === TEACHER_NAME);
    assert(director && teacher, `alarma/staff lacks the director or the demo teacher: ${JSON.stringify(staff)}`);
    const people = [director, teacher].sort((a, b) => a.user_id - b.user_id);
    // Notices the director may already have (none in a fresh demo): the counts are relative.
    const pendingBefore = (await api(page, 'GET', 'alarma/notice/read')).total;

    const groupName = 'ITV';
    const groupColor = '#e4572e';
    const title = 'ITV del Ibiza';
    const description = 'Pasar la ITV del SEAT Ibiza 1234 BCD en la estación de Alcobendas';
    const link = '/alarma/list';
    // A month ahead, 09:00 Spain's time: it does not go off during the journey.
    const day = addDays(spanishClock(new Date()).date, 30);

    // 1. "Alarmas" from the menu: "Avisos" first; the groups are in the "Alarmas" tab.
    await alarmsLink(page).click();
    await page.waitForURL('**/alarma/list');
    await page.getByTestId('alarm-list').waitFor();
    await listTab(page, 'Avisos', { selected: true }).waitFor();
    await page.getByTestId('notices').waitFor();
    await listTab(page, 'Alarmas').click();
    await page.waitForURL(/\/alarma\/list\?tab=alarms$/);
    await listTab(page, 'Alarmas', { selected: true }).waitFor();

    const panel = page.getByTestId('groups-panel');
    const groupForm = panel.getByRole('form', { name: 'Nuevo grupo' });
    await groupForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(groupName);
    await groupForm.getByLabel('Color', { exact: true }).fill(groupColor);
    await groupForm.getByRole('button', { name: 'Crear grupo' }).click();
    await page.getByText(`Grupo ${groupName} creado`).first().waitFor();
    const groupItem = panel.getByTestId('group').filter({ has: page.getByTestId('group-label').filter({ hasText: groupName }) });
    await groupItem.waitFor();
    assert((await groupItem.getByTestId('group-dot').getAttribute('data-color')) === groupColor, `the group's dot is ${await groupItem.getByTestId('group-dot').getAttribute('data-color')}, not ${groupColor}`);
    await groupItem.getByRole('button', { name: `Eliminar el grupo ${groupName}`, exact: true }).waitFor();
    await shot('110-alarms-group');

    // 2. "Nueva alarma", as the director fills it in.
    await page.getByRole('link', { name: 'Nueva alarma', exact: true }).click();
    await page.waitForURL('**/alarma/view/0');
    const form = page.getByRole('form', { name: 'Nueva alarma' });
    const dayField = form.getByLabel(/^Fecha( \*)?$/);
    const today = spanishClock(new Date()).date;
    assert((await dayField.inputValue()) === today, `a new alarm's day is ${await dayField.inputValue()}, not today (${today})`);
    const repeatField = form.getByRole('combobox', { name: 'Repetición', exact: true });
    assert((await repeatField.inputValue()) === 'none', `a new alarm repeats ${await repeatField.inputValue()}`);
    const chooser = form.getByRole('group', { name: 'Personas' });
    // No one ticked: the alarm is the caller's ("Si no marca a nadie, …").
    await chooser.getByRole('checkbox', { name: teacher.name, exact: true, checked: false }).waitFor();
    assert((await chooser.getByRole('checkbox', { checked: true }).count()) === 0, 'a new alarm names someone already');
    await form.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(title);
    await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill(description);
    await form.getByRole('combobox', { name: 'Grupo', exact: true }).selectOption({ label: groupName });
    await dayField.fill(day);
    await form.getByLabel(/^Hora( \*)?$/).fill('09:00');
    await repeatField.selectOption({ label: 'Cada año' });
    // The teacher besides the director (ticking only the teacher would leave the director out).
    await chooser.getByRole('checkbox', { name: director.name, exact: true }).check();
    await chooser.getByRole('checkbox', { name: teacher.name, exact: true }).check();
    await form.getByRole('checkbox', { name: 'Enviar también por correo', exact: true }).check();
    await form.getByRole('textbox', { name: 'Enlace', exact: true }).fill(link);
    await shot('111-alarms-new-alarm');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/alarma/create');
    await form.getByRole('button', { name: 'Crear alarma' }).click();
    const answer = await (await created).json();
    assert(answer.success && answer.data.id, `alarma/create answered ${JSON.stringify(answer)}`);
    const alarmId = answer.data.id;
    assert(
      JSON.stringify(answer.data.user_ids) === JSON.stringify(people.map((p) => p.user_id)) && answer.data.send_mail === true && answer.data.repeat === 'yearly' && typeof answer.data.next_at === 'string',
      `alarma/create stored ${JSON.stringify(answer.data)}`,
    );
    await page.waitForURL(`**/alarma/view/${alarmId}`);
    await page.getByText(`Alarma ${title} creada`).first().waitFor();
    await page.getByTestId('alarm-title').filter({ hasText: title }).waitFor();
    const next = await text(page.getByTestId('alarm-next'));
    assert(next === `Sonará el ${shown(day)} - 09:00`, `the alarm's page says ${JSON.stringify(next)}, expected "Sonará el ${shown(day)} - 09:00"`);
    assert((await text(page.getByTestId('alarm-repeat'))) === 'Cada año', `the alarm repeats ${await text(page.getByTestId('alarm-repeat'))}`);
    assert((await text(page.getByTestId('alarm-last'))) === 'Todavía no ha sonado', `the alarm's page says ${await text(page.getByTestId('alarm-last'))}`);
    const head = page.getByTestId('alarm-view').locator('.alarms-head');
    assert((await text(head.getByTestId('group-label'))) === groupName, `the alarm's group shows ${await text(head.getByTestId('group-label'))}`);
    await page.getByText(`Creada por ${director.name}`, { exact: true }).waitFor();
    const saved = page.getByRole('form', { name: 'Datos de la alarma' });
    for (const person of people) await saved.getByRole('group', { name: 'Personas' }).getByRole('checkbox', { name: person.name, exact: true, checked: true }).waitFor();
    await saved.getByRole('checkbox', { name: 'Enviar también por correo', exact: true, checked: true }).waitFor();
    await shot('112-alarms-alarm-saved');

    // 3. A second alarm, through the API, for the next whole minute of Spain's clock (the one
    // after when it is too close): it goes off while the director looks at the first one.
    const firingTitle = `Revisar extintores ${stamp}`;
    const firingDescription = 'Revisión trimestral de los extintores del aula 2';
    const now = Date.now();
    let fireAt = Math.floor(now / 60_000) * 60_000 + 60_000;
    if (fireAt - now < MIN_LEAD_MS) fireAt += 60_000;
    const when = spanishClock(new Date(fireAt));
    const mailsBefore = outboxFiles(host.dataDir);
    const firing = await api(page, 'POST', 'alarma/create', {
      title: firingTitle,
      description: firingDescription,
      date: when.date,
      time: when.time,
      repeat: 'none',
      user_ids: [],
      send_mail: true,
      link,
    });
    assert(
      JSON.stringify(firing.user_ids) === JSON.stringify([user.user_id]) && firing.date === when.date && firing.time === when.time && Date.parse(firing.next_at) === fireAt,
      `the firing alarm was stored as ${JSON.stringify(firing)} (asked ${when.date} ${when.time}, ${new Date(fireAt).toISOString()})`,
    );
    log(`the alarm "${firingTitle}" goes off at ${when.date} ${when.time} (in ${Math.round((fireAt - Date.now()) / 1000)} s)`);

    // The shell's toast, in this window (no reload), with the title, the description and "Abrir".
    await markWindow(page);
    const toast = page.getByRole('region', { name: 'Notificaciones' }).getByRole('status').filter({ hasText: firingTitle });
    await toast.waitFor({ timeout: Math.max(fireAt - Date.now(), 0) + FIRING_GRACE_MS });
    log(`its toast arrived ${Math.round((Date.now() - fireAt) / 1000)} s after its minute`);
    assert(await sameWindow(page), 'the page was reloaded before the alarm\'s toast showed');
    assert(new URL(page.url()).pathname === `/alarma/view/${alarmId}`, `the toast showed on ${page.url()}`);
    assert((await text(toast.locator('.notice__title'))) === firingTitle, `the toast's title is ${await text(toast.locator('.notice__title'))}`);
    assert((await text(toast.locator('.notice__body'))) === firingDescription, `the toast's body is ${await text(toast.locator('.notice__body'))}`);
    // (no screenshot here: the toast goes after 10 s, and a full-page shot is slow on a loaded machine)
    await toast.getByRole('button', { name: 'Abrir', exact: true }).click();
    await page.waitForURL('**/alarma/list');
    await toast.waitFor({ state: 'detached' });
    // The menu's badge counted it (the push refreshes it, and so did the navigation).
    await menu(page).getByRole('link', { name: linkName(pendingBefore + 1), exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    // "Avisos" lists it, with its description and when it went off.
    await listTab(page, 'Avisos', { selected: true }).filter({ hasText: `(${pendingBefore + 1})` }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    const notice = page.getByRole('list', { name: 'Avisos sin descartar' }).getByTestId('notice').filter({ has: page.getByRole('heading', { name: firingTitle, exact: true }) });
    await notice.waitFor();
    assert((await text(notice.getByTestId('notice-description'))) === firingDescription, `the notice says ${await text(notice.getByTestId('notice-description'))}`);
    const firedText = await text(notice.getByTestId('notice-time'));
    assert(/^Sonó el \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/.test(firedText ?? ''), `the notice's time reads ${JSON.stringify(firedText)}`);
    await notice.getByRole('button', { name: `Abrir el aviso ${firingTitle}`, exact: true }).waitFor();
    assert(await sameWindow(page), 'the page was reloaded on the way to "Avisos"');
    await shot('113-alarms-notice');

    // "Descartar": gone from the list, and the tab's count goes back.
    const dismiss = notice.getByRole('button', { name: `Descartar el aviso ${firingTitle}`, exact: true });
    assert((await text(dismiss)) === 'Descartar', `the dismiss button reads ${await text(dismiss)}`);
    await dismiss.click();
    await page.getByText(`Aviso ${firingTitle} descartado`).first().waitFor();
    await notice.waitFor({ state: 'detached' });
    if (pendingBefore === 0) {
      await page.getByRole('tab', { name: 'Avisos', exact: true, selected: true }).waitFor();
      await page.getByTestId('notices-empty').filter({ hasText: 'No tiene avisos pendientes' }).waitFor();
    } else {
      await page.getByRole('tab', { name: `Avisos (${pendingBefore})`, exact: true, selected: true }).waitFor();
    }
    const afterDismiss = await api(page, 'GET', 'alarma/notice/read');
    assert(afterDismiss.total === pendingBefore && !afterDismiss.items.some((n) => n.title === firingTitle), `alarma/notice/read after dismissing: ${JSON.stringify(afterDismiss)}`);

    // The mail of the alarm that went off: "Alarma: <title>" to the director.
    const mail = await waitForMail(host.dataDir, mailsBefore, `Alarma: ${firingTitle}`);
    const mailBody = emlText(mail);
    assert(mail.includes(USERS.director), `the alarm's mail is not addressed to ${USERS.director}`);
    assert(mailBody.includes(firingTitle) && mailBody.includes(firingDescription) && mailBody.includes(`${host.base}${link}`), `the alarm's mail reads:\n${mailBody}`);

    // 4. Back in "Alarmas": the first alarm with its group, yearly, both people.
    await listTab(page, 'Alarmas').click();
    await page.waitForURL(/\/alarma\/list\?tab=alarms$/);
    const table = page.getByRole('table', { name: 'Alarmas' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    assert(cells[0] === title && cells[1] === groupName && cells[2] === `${shown(day)} - 09:00` && cells[3] === 'Cada año', `the alarm's row ${JSON.stringify(cells)}`);
    assert(people.every((p) => cells[4].includes(p.name)), `the alarm's row names ${JSON.stringify(cells[4])}`);
    const firedRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: firingTitle, exact: true }) });
    await firedRow.getByTestId('alarm-never').filter({ hasText: 'No volverá a sonar' }).waitFor();
    await shot('114-alarms-list');

    // Opened: a navigation, so the menu's badge reads the notices again (dismissing pushes nothing).
    await row.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/alarma/view/${alarmId}`);
    await page.getByTestId('alarm-title').filter({ hasText: title }).waitFor();
    await menu(page).getByRole('link', { name: linkName(pendingBefore), exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    // Deleted, confirmed first: back in "Alarmas", which no longer lists it.
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Eliminar la alarma' });
    await dialog.getByText(`¿Eliminar la alarma ${title}? Ya no volverá a sonar.`, { exact: true }).waitFor();
    await shot('115-alarms-delete');
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Alarma ${title} eliminada`).first().waitFor();
    await page.waitForURL(/\/alarma\/list\?tab=alarms$/);
    // The list has been read (the other alarm is there) and the deleted one is not.
    await firedRow.waitFor();
    assert((await row.count()) === 0, 'the deleted alarm is still listed');
    assert(await sameWindow(page), 'the page was reloaded during the journey');

    // 5. What the host stored.
    const first = await api(page, 'GET', `alarma/read?id=${alarmId}`);
    assert(
      first.state === 'deleted' &&
        first.title === title &&
        first.description === description &&
        first.date === day &&
        first.time === '09:00' &&
        first.repeat === 'yearly' &&
        first.send_mail === true &&
        first.link === link &&
        first.group_id === first.group?.id &&
        first.group?.name === groupName &&
        first.group?.color?.toLowerCase() === groupColor &&
        first.created_by === user.user_id &&
        JSON.stringify(first.user_ids) === JSON.stringify(people.map((p) => p.user_id)),
      `stored alarm ${JSON.stringify(first)}`,
    );
    const fired = await api(page, 'GET', `alarma/read?id=${firing.id}`);
    assert(
      fired.state === 'active' && fired.next_at === null && typeof fired.last_fired_at === 'string' && Date.parse(fired.last_fired_at) >= fireAt - 1000,
      `stored alarm that went off ${JSON.stringify(fired)}`,
    );
    const listed = await api(page, 'GET', 'alarma/read?per_page=100');
    assert(!listed.items.some((a) => a.id === alarmId) && listed.items.some((a) => a.id === firing.id), `alarma/read lists ${JSON.stringify(listed.items.map((a) => [a.id, a.title, a.state]))}`);
    const groups = await api(page, 'GET', 'alarma/group/read');
    assert(groups.some((g) => g.name === groupName && g.color.toLowerCase() === groupColor && g.id === first.group_id), `alarma/group/read ${JSON.stringify(groups)}`);
    const notices = await api(page, 'GET', 'alarma/notice/read');
    assert(notices.total === pendingBefore && !notices.items.some((n) => n.alarm_id === firing.id), `alarma/notice/read ${JSON.stringify(notices)}`);
  });
}
