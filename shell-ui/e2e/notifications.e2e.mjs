// Provider notifications journey: the provider administrator writes to the schools of a business
// group, and the school's staff get it live in the header's bell (the host pushes
// `volante.notification` through the realtime stream; the shell's bell re-reads its inbox and
// shows a toast).
//  24. the director (the journeys' browser) is on the dashboard with the realtime stream open
//      and no unread count on the bell. The provider administrator, in a second browser, opens
//      "Notificaciones" and creates the category "Incidencias" in "Grupos de notificaciones";
//      in "Empresas" creates the business group "Franquicia Centro" in "Grupos de autoescuelas"
//      and, on Autoescuela Demo's page, puts the school in it (the list's "Grupo" column and the
//      panel's "1 autoescuela" show it); back in "Notificaciones", "Nueva notificación"
//      ("Todas las autoescuelas" preselected) sends "Mantenimiento el domingo" (level "Aviso",
//      the category, to "Franquicia Centro", a message). Without a reload the director's page
//      shows the toast with the title and the bell "1"; the bell's panel lists it unread, with
//      its level; "Marcar todas como leídas" takes the count away; opened, it shows its message
//      and category. The provider's notification page (reloaded) and list say it was read by 1
//      user. Deleting "Franquicia Centro" is refused while the notification is addressed to it
//      ("Hay notificaciones dirigidas a este grupo"); the notification deleted (confirmed), the
//      group deletes and the school is in no group again. What the host stored matches: the
//      director's inbox no longer has it, `business/group/readgroup` is empty, the school is
//      active and in no group. The demo school is never suspended (later journeys use it).
// It needs no plugin. Names are fixed (a fresh demo each run).
import { USERS, api, assert, log, openBrowser, signIn } from './harness.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** The demo school as `host/src/demo.rs` names it. */
const SCHOOL = 'Autoescuela Demo';
/** How long the toast and the bell's count may take to follow the push (generous: a loaded 2-core machine). */
const LIVE_TIMEOUT_MS = 15_000;

const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `DD/MM/YYYY - HH:mm`, as the screens show a notification's time. */
const MINUTE = /^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/;

/** The header's bell, by its accessible name ("Notificaciones" or "Notificaciones (n sin leer)"). */
const bell = (page, unread) => page.getByRole('button', { name: unread > 0 ? `Notificaciones (${unread} sin leer)` : 'Notificaciones', exact: true });
const bellPanel = (page) => page.getByRole('dialog', { name: 'Notificaciones', exact: true });
/** The kit's toasts ("Notificaciones" region): a warning or an info toast is a status. */
const toasts = (page) => page.getByRole('region', { name: 'Notificaciones', exact: true });

/** Marks the page's window: still marked later, the page was never reloaded in between. */
const markWindow = (page) => page.evaluate(() => {
  window.__notificationsE2eWindow = true;
});
const sameWindow = (page) => page.evaluate(() => window.__notificationsE2eWindow === true);

/** A groups panel's item (GroupsPanel: the name in bold, its count, "Eliminar"). */
const panelItem = (panel, name) => panel.getByRole('listitem').filter({ has: panel.page().locator('strong', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });

export async function notificationsJourneys({ host, browser, journey }) {
  const { page, shot } = browser;

  await journey(browser, 'provider-notifies-the-schools', async () => {
    const category = 'Incidencias';
    const groupName = 'Franquicia Centro';
    const title = 'Mantenimiento el domingo';
    const body = 'El domingo de 8:00 a 12:00 la plataforma no estará disponible por tareas de mantenimiento.';

    // 1. The director on the dashboard, loaded afresh: the page asks for the realtime stream, and
    // the bell reads the inbox when it mounts and again when the stream sends `ready`, so a second
    // read means the stream is open.
    let streamAsked = false;
    let inboxReads = 0;
    const onRequest = (request) => {
      if (new URL(request.url()).pathname === '/api/realtime') streamAsked = true;
    };
    const onResponse = (response) => {
      if (response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/notifications/inbox') inboxReads += 1;
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    try {
      await page.goto(`${host.base}/dashboard`);
      await page.getByTestId('greeting').waitFor();
      const deadline = Date.now() + LIVE_TIMEOUT_MS;
      while (!(streamAsked && inboxReads >= 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert(streamAsked && inboxReads >= 2, `the page ${streamAsked ? 'asked' : 'did not ask'} for the realtime stream and the bell read the inbox ${inboxReads} time(s): the stream did not open`);
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
    }
    await markWindow(page);
    const { user: director } = await api(page, 'GET', 'user/verify');
    assert(director.email === USERS.director, `the journeys' browser is signed in as ${director.email}, not the director`);
    const schoolId = director.business.business_id;
    // Nothing unread in a fresh demo; should something be, it is read first (set-up, not the journey).
    const before = await api(page, 'GET', 'notifications/inbox');
    if (before.unread > 0) {
      log(`the director had ${before.unread} unread notification(s): marked read before the journey`);
      await api(page, 'POST', 'notifications/inbox/read', { all: true });
    }
    await bell(page, 0).waitFor();
    // The message is built only when there is a count to read (a template would wait for it).
    if ((await page.getByTestId('bell-count').count()) !== 0) {
      throw new Error(`the bell shows a count: ${await text(page.getByTestId('bell-count'))}`);
    }
    await shot('120-notifications-director-before');

    // 2. The provider administrator, in a second browser.
    const admin = await openBrowser();
    try {
      const ap = admin.page;
      await signIn(ap, host, USERS.admin);
      const { user: me } = await api(ap, 'GET', 'user/verify');
      const adminName = `${me.first_name ?? ''} ${me.last_name ?? ''}`.trim();

      // "Notificaciones": the category in "Grupos de notificaciones".
      const notificationsLink = menu(ap).getByRole('link', { name: 'Notificaciones', exact: true });
      await notificationsLink.click();
      await ap.waitForURL('**/facilauto/notifications/list');
      await ap.getByRole('table', { name: 'Notificaciones' }).waitFor();
      const categories = ap.getByTestId('notification-groups');
      const categoryForm = categories.getByRole('form', { name: 'Nuevo grupo' });
      await categoryForm.getByRole('textbox', { name: /^Nombre del grupo( \*)?$/ }).fill(category);
      await categoryForm.getByRole('button', { name: 'Crear grupo', exact: true }).click();
      await ap.getByText(`Grupo ${category} creado`).first().waitFor();
      const categoryItem = panelItem(categories, category);
      await categoryItem.getByText('0 notificaciones', { exact: true }).waitFor();

      // "Empresas": the business group in "Grupos de autoescuelas".
      await menu(ap).getByRole('link', { name: 'Empresas', exact: true }).click();
      await ap.waitForURL('**/facilauto/business/list');
      const businesses = ap.getByRole('table', { name: 'Empresas' });
      const schoolRow = businesses.getByRole('row').filter({ has: ap.getByRole('link', { name: SCHOOL, exact: true }) });
      await schoolRow.waitFor();
      const groups = ap.getByTestId('business-groups');
      const groupForm = groups.getByRole('form', { name: 'Nuevo grupo' });
      await groupForm.getByRole('textbox', { name: /^Nombre del grupo( \*)?$/ }).fill(groupName);
      const groupCreated = ap.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/business/group/create');
      await groupForm.getByRole('button', { name: 'Crear grupo', exact: true }).click();
      const groupAnswer = await (await groupCreated).json();
      assert(groupAnswer.success && groupAnswer.data.group_id && groupAnswer.data.name === groupName, `business/group/create answered ${JSON.stringify(groupAnswer)}`);
      const groupId = groupAnswer.data.group_id;
      await ap.getByText(`Grupo ${groupName} creado`).first().waitFor();
      const groupItem = panelItem(groups, groupName);
      await groupItem.getByText('0 autoescuelas', { exact: true }).waitFor();
      await admin.shot('121-notifications-business-group');

      // The school's page: "Grupo" puts it in the group.
      await schoolRow.getByRole('link', { name: SCHOOL, exact: true }).click();
      await ap.waitForURL(`**/facilauto/business/view/${schoolId}`);
      const groupSelect = ap.getByRole('combobox', { name: 'Grupo', exact: true });
      await groupSelect.locator('option', { hasText: groupName }).waitFor({ state: 'attached' });
      assert((await groupSelect.inputValue()) === '', `${SCHOOL} starts in the group ${await groupSelect.inputValue()}`);
      await groupSelect.selectOption({ label: groupName });
      await ap.getByText(`${SCHOOL} pasa al grupo ${groupName}`).first().waitFor();
      assert((await groupSelect.inputValue()) === String(groupId), `the school's group select holds ${await groupSelect.inputValue()}, not ${groupId}`);
      assert(
        (await groupSelect.evaluate((select) => select.selectedOptions[0]?.textContent?.trim())) === groupName,
        `the school's group select shows ${await groupSelect.evaluate((select) => select.selectedOptions[0]?.textContent)}`,
      );
      // No status change here: "Suspender" would stop the director's session for later journeys.
      await ap.getByRole('group', { name: 'Cambiar el estado' }).getByRole('button', { name: 'Suspender', exact: true }).waitFor();
      await admin.shot('122-notifications-school-in-group');

      // Back in the list: the "Grupo" column and the panel's count show it.
      await ap.getByRole('link', { name: 'Volver', exact: true }).click();
      await ap.waitForURL('**/facilauto/business/list');
      await schoolRow.waitFor();
      const schoolCells = async () => (await schoolRow.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      let cells = await schoolCells();
      assert(cells[0] === SCHOOL && cells[4] === groupName && cells[5] === 'Activa', `${SCHOOL}'s row ${JSON.stringify(cells)}`);
      await groupItem.getByText('1 autoescuela', { exact: true }).waitFor();

      // "Nueva notificación": every school unless a group is chosen.
      await notificationsLink.click();
      await ap.waitForURL('**/facilauto/notifications/list');
      await ap.getByRole('link', { name: 'Nueva notificación', exact: true }).click();
      await ap.waitForURL('**/facilauto/notifications/view/0');
      const form = ap.getByRole('form', { name: 'Nueva notificación' });
      const recipients = form.getByRole('combobox', { name: 'Destinatarios', exact: true });
      assert((await recipients.inputValue()) === '', `a new notification goes to ${await recipients.inputValue()}`);
      assert(
        (await recipients.evaluate((select) => select.selectedOptions[0]?.textContent?.trim())) === 'Todas las autoescuelas',
        `a new notification's recipients read ${await recipients.evaluate((select) => select.selectedOptions[0]?.textContent)}`,
      );
      const level = form.getByRole('combobox', { name: 'Nivel', exact: true });
      assert((await level.inputValue()) === 'info', `a new notification's level is ${await level.inputValue()}`);
      await form.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(title);
      await level.selectOption({ label: 'Aviso' });
      const categorySelect = form.getByRole('combobox', { name: 'Grupo', exact: true });
      await categorySelect.locator('option', { hasText: category }).waitFor({ state: 'attached' });
      await categorySelect.selectOption({ label: category });
      await recipients.locator('option', { hasText: groupName }).waitFor({ state: 'attached' });
      await recipients.selectOption({ label: groupName });
      await form.getByRole('textbox', { name: 'Mensaje', exact: true }).fill(body);
      await admin.shot('123-notifications-new');
      const created = ap.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/notifications/create');
      await form.getByRole('button', { name: 'Guardar', exact: true }).click();
      const answer = await (await created).json();
      assert(
        answer.success && answer.data.notification_id && answer.data.title === title && answer.data.body === body && answer.data.level === 'warning' && answer.data.business_group?.group_id === groupId && answer.data.group?.name === category,
        `notifications/create answered ${JSON.stringify(answer)}`,
      );
      const notificationId = answer.data.notification_id;
      const started = Date.now();
      // (the provider's toast goes after 5 s: checked before turning to the director's page)
      await ap.waitForURL(`**/facilauto/notifications/view/${notificationId}`);
      await ap.getByText(`Notificación «${title}» enviada`).first().waitFor();

      // 3. The director's page, not reloaded: the toast and the bell's count arrive live.
      const toast = toasts(page).getByRole('status').filter({ hasText: title });
      await toast.waitFor({ timeout: LIVE_TIMEOUT_MS });
      log(`the toast arrived ${Date.now() - started} ms after the notification was sent`);
      assert(await sameWindow(page), "the director's page was reloaded before the toast showed");
      assert((await text(toast.locator('.notice__title'))) === title, `the toast's title is ${await text(toast.locator('.notice__title'))}`);
      assert((await text(toast.locator('.notice__body'))) === 'Nueva notificación', `the toast says ${await text(toast.locator('.notice__body'))}`);
      await bell(page, 1).waitFor({ timeout: LIVE_TIMEOUT_MS });
      assert((await text(page.getByTestId('bell-count'))) === '1', `the bell's count reads ${await text(page.getByTestId('bell-count'))}`);
      log(`the bell counted it ${Date.now() - started} ms after it was sent`);

      // The toast's "Ver" opens the bell's panel (the toasts sit over the header's right side):
      // listed unread (in bold) with its level.
      await toast.getByRole('button', { name: 'Ver', exact: true }).click();
      await toast.waitFor({ state: 'detached' });
      const panel = bellPanel(page);
      await panel.waitFor();
      const item = panel.getByTestId('bell-item').filter({ hasText: title });
      await item.waitFor();
      assert((await text(item.locator('strong.bell__title'))) === title, 'the new notification is not shown unread (in bold)');
      assert((await text(item.locator('[data-level]'))) === 'Aviso', `its level shows ${await text(item.locator('[data-level]'))}`);
      assert(MINUTE.test((await text(item.locator('.bell__meta small'))) ?? ''), `its time reads ${await text(item.locator('.bell__meta small'))}`);
      await shot('124-notifications-director-bell');

      // "Marcar todas como leídas": the count goes, the title is no longer bold.
      const markAll = panel.getByRole('button', { name: 'Marcar todas como leídas', exact: true });
      await markAll.click();
      await page.getByTestId('bell-count').waitFor({ state: 'detached' });
      await bell(page, 0).waitFor();
      await item.locator('strong.bell__title').waitFor({ state: 'detached' });
      assert(await markAll.isDisabled(), '"Marcar todas como leídas" is still enabled with nothing unread');

      // Closed with Escape and opened again with the bell; the notification opened: its message
      // and its category.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await bell(page, 0).click();
      await panel.waitFor();
      await item.waitFor();
      const toggle = item.getByRole('button', { name: title });
      await toggle.click();
      assert((await toggle.getAttribute('aria-expanded')) === 'true', 'the notification did not open');
      const opened = item.locator('.bell__body');
      await opened.getByText(body, { exact: true }).waitFor();
      await opened.getByText(category, { exact: true }).waitFor();
      await shot('125-notifications-director-read');
      assert(await sameWindow(page), "the director's page was reloaded during the journey");
      const inbox = await api(page, 'GET', 'notifications/inbox');
      const mine = inbox.items.find((n) => n.notification_id === notificationId);
      assert(inbox.unread === 0 && mine?.read === true && mine.body === body && mine.level === 'warning' && mine.group_name === category, `the director's inbox ${JSON.stringify(inbox)}`);

      // 4. The provider's notification page, reloaded: read by 1 user.
      await ap.reload();
      const view = ap.getByTestId('notification-view');
      const meta = view.getByTestId('notification-meta');
      await meta.waitFor();
      const metaText = await text(meta);
      const expectedMeta = new RegExp(`^Enviada el \\d{2}/\\d{2}/\\d{4} - \\d{2}:\\d{2} por ${escapeRegExp(adminName)} · Leída por 1 usuario$`);
      assert(expectedMeta.test(metaText ?? ''), `the notification's page says ${JSON.stringify(metaText)}`);
      assert((await text(view.locator('.provider-notification__badges [data-level]'))) === 'Aviso', 'the notification\'s page does not show "Aviso"');
      await view.locator('.provider-notification__badges').getByText(groupName, { exact: true }).waitFor();
      await admin.shot('126-notifications-provider-view');

      // And its row in the list: level, category, recipients, date, 1 read.
      await notificationsLink.click();
      await ap.waitForURL('**/facilauto/notifications/list');
      const list = ap.getByRole('table', { name: 'Notificaciones' });
      const row = list.getByRole('row').filter({ has: ap.getByRole('link', { name: title, exact: true }) });
      await row.waitFor();
      const rowCells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      assert(
        rowCells[0] === title && rowCells[1] === 'Aviso' && rowCells[2] === category && rowCells[3] === groupName && MINUTE.test(rowCells[4]) && rowCells[5] === '1',
        `the notification's row ${JSON.stringify(rowCells)}`,
      );
      await categoryItem.getByText('1 notificación', { exact: true }).waitFor();

      // 5. "Franquicia Centro" cannot go while the notification is addressed to it.
      await menu(ap).getByRole('link', { name: 'Empresas', exact: true }).click();
      await ap.waitForURL('**/facilauto/business/list');
      await groupItem.getByText('1 autoescuela', { exact: true }).waitFor();
      const deleteGroup = async () => {
        await groupItem.getByRole('button', { name: `Eliminar el grupo ${groupName}`, exact: true }).click();
        const dialog = ap.getByRole('alertdialog', { name: `Eliminar el grupo ${groupName}` });
        await dialog.getByText(`Se eliminará el grupo ${groupName}. Sus autoescuelas se conservan, sin grupo.`, { exact: true }).waitFor();
        await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await deleteGroup();
      const refusal = groups.getByTestId('business-groups-errors');
      await refusal.waitFor();
      assert((await text(refusal)) === 'Hay notificaciones dirigidas a este grupo', `deleting the group says ${JSON.stringify(await text(refusal))}`);
      await groupItem.getByText('1 autoescuela', { exact: true }).waitFor();
      await admin.shot('127-notifications-group-refused');

      // The notification deleted, confirmed first.
      await notificationsLink.click();
      await ap.waitForURL('**/facilauto/notifications/list');
      await row.getByRole('link', { name: title, exact: true }).click();
      await ap.waitForURL(`**/facilauto/notifications/view/${notificationId}`);
      await view.getByTestId('notification-meta').waitFor();
      await view.getByRole('button', { name: 'Eliminar', exact: true }).click();
      const dialog = ap.getByRole('alertdialog', { name: 'Eliminar la notificación' });
      await dialog.getByText(`«${title}» dejará de verse en todas las autoescuelas que la recibieron.`, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await ap.getByText(`Notificación «${title}» eliminada`).first().waitFor();
      await ap.waitForURL('**/facilauto/notifications/list');
      await categoryItem.getByText('0 notificaciones', { exact: true }).waitFor();
      const remaining = await api(ap, 'POST', 'notifications/readall', {});
      if (remaining.total === 0) {
        await list.getByText('No hay notificaciones', { exact: true }).waitFor();
      } else {
        // The list has been read (another notification shows) and has not this one.
        await list.getByRole('link', { name: remaining.items[0].title, exact: true }).first().waitFor();
        assert((await row.count()) === 0, 'the deleted notification is still listed');
      }

      // Now the group goes; the school is in no group again.
      await menu(ap).getByRole('link', { name: 'Empresas', exact: true }).click();
      await ap.waitForURL('**/facilauto/business/list');
      await groupItem.getByText('1 autoescuela', { exact: true }).waitFor();
      await deleteGroup();
      await ap.getByText(`Grupo ${groupName} eliminado`).first().waitFor();
      await groupItem.waitFor({ state: 'detached' });
      assert((await groups.getByTestId('business-groups-errors').count()) === 0, 'the refusal is still shown after the group was deleted');
      await schoolRow.getByRole('cell', { name: 'Sin grupo', exact: true }).waitFor();
      cells = await schoolCells();
      assert(cells[4] === 'Sin grupo' && cells[5] === 'Activa', `${SCHOOL}'s row after the group went ${JSON.stringify(cells)}`);
      await admin.shot('128-notifications-group-deleted');

      // 6. What the host stored, as the provider.
      const businessGroups = await api(ap, 'GET', 'business/group/readgroup');
      assert(Array.isArray(businessGroups) && businessGroups.length === 0, `business/group/readgroup ${JSON.stringify(businessGroups)}`);
      const school = await api(ap, 'GET', `business/read?business_id=${schoolId}`);
      assert(school.business_id === schoolId && school.group_id == null && school.status === 'active', `business/read of the school ${JSON.stringify({ business_id: school.business_id, group_id: school.group_id, status: school.status })}`);
      const stored = await api(ap, 'POST', 'notifications/readall', { search: title });
      assert(!stored.items.some((n) => n.notification_id === notificationId), `notifications/readall still lists it: ${JSON.stringify(stored.items)}`);
      let gone = false;
      try {
        await api(ap, 'GET', `notifications/read/${notificationId}`);
      } catch {
        gone = true;
      }
      assert(gone, `notifications/read/${notificationId} still answers the deleted notification`);
      const storedCategories = await api(ap, 'GET', 'notifications/group/read');
      assert(storedCategories.some((g) => g.name === category && g.notifications === 0), `notifications/group/read ${JSON.stringify(storedCategories)}`);
      assert(admin.errors.length === 0, `errors in the provider's page: ${admin.errors.join(' | ')}`);
    } finally {
      await admin.context.close();
    }

    // And as the director: the deleted notification left the inbox.
    const after = await api(page, 'GET', 'notifications/inbox');
    assert(!after.items.some((n) => n.title === title) && after.unread === 0, `the director's inbox after the deletion ${JSON.stringify(after)}`);
  });
}
