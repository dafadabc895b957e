// Chat journey: the chat plugin's remote loaded by the shell, in two browsers side by side, kept
// live by the host's realtime stream (GET /api/realtime, server-sent events).
//  27. the director gives the demo teacher the "chat" permission (through the API), opens "Chat"
//      (the "Empleados" tab lists the teacher) and the conversation with the teacher; the teacher
//      signs in in a second browser and opens the conversation with the director. In the box a
//      blank message cannot be sent ("Enviar" stays disabled, Enter sends nothing) and no more
//      than 2000 characters go in; the director's message, sent with Enter, shows in both
//      browsers, in the teacher's without reloading; the teacher's reply ("Enviar") shows live in
//      the director's. The director creates the group "Claustro …" in "Grupos" inviting the
//      teacher, whose "Grupos" tab, left open, shows the invitation live; "Unirse", and the
//      director's group page shows the teacher as a member; the teacher writes in the group and
//      the director sees it live, with the author. Neither page is reloaded during the journey.
//      What the host stored matches: the direct messages and the group with both as members
// It needs the host to have installed the chat package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Texts and the
// group's name are unique per run.
import { USERS, api, assert, log, openBrowser, signIn } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
// "Chat", or "Chat" and the count of the menu's badge ([ui.menu.badge]) when something is pending.
const chatLink = (page) => menu(page).getByRole('link', { name: /^Chat(?![A-Za-zÀ-ÿ])/ });

/** The demo teacher as the host's staff directory names them (host/src/demo.rs: first and last name). */
const TEACHER_NAME = 'Pablo Profesor Demo';
/** How long a message or an invitation may take to arrive through the stream (generous: a loaded 2-core machine). */
const LIVE_TIMEOUT_MS = 10_000;
/** A message's limit in the box (README `chat/send`: 1 to 2000 characters once trimmed). */
const TEXT_MAX = 2000;

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An overview tab; its label gains " (n)" when something in it is unread or pending. */
const overviewTab = (page, label, options = {}) => page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(label)}( \\(\\d+\\))?$`), ...options });
const composer = (page) => page.getByRole('form', { name: 'Escribir un mensaje' });
const messageBox = (page) => composer(page).getByRole('textbox', { name: 'Mensaje', exact: true });
const sendButton = (page) => composer(page).getByRole('button', { name: 'Enviar', exact: true });
/** A message of the open conversation, by its exact text. */
const bubble = (page, text) => page.getByTestId('messages').getByTestId('message').filter({ has: page.getByText(text, { exact: true }) });

/** The stream is open: the pages' notice ("Conectando…" or "no llegan al momento") is gone. */
async function streamOpen(page) {
  await page.getByTestId('realtime-notice').waitFor({ state: 'detached' });
}

/** Marks the page's window: still marked later, the page was never reloaded in between. */
const markWindow = (page) => page.evaluate(() => {
  window.__chatE2eWindow = true;
});
const sameWindow = (page) => page.evaluate(() => window.__chatE2eWindow === true);

/** Waits for `locator` to arrive live (no reload) and logs how long it took. */
async function arrivesLive(page, locator, what) {
  const started = Date.now();
  await locator.waitFor({ timeout: LIVE_TIMEOUT_MS });
  assert(await sameWindow(page), `the page was reloaded before ${what} showed`);
  log(`${what} arrived live in ${Date.now() - started} ms`);
}

/** From the overview, the direct conversation with `name` (a row of "Empleados"). */
async function openDirect(page, name, userId) {
  await chatLink(page).click();
  await page.waitForURL('**/apps/chat/all');
  await page.getByTestId('chat-overview').waitFor();
  // "Empleados" is the tab shown first.
  await overviewTab(page, 'Empleados', { selected: true }).waitFor();
  const row = page.getByTestId('employee-row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.waitFor();
  await row.getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`**/apps/chat/direct/employee/${userId}`);
  await page.getByTestId('conversation-name').filter({ hasText: name }).waitFor();
  await page.getByRole('region', { name: `Conversación con ${name}` }).waitFor();
  await streamOpen(page);
}

export async function chatJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('chat')) {
    skip(
      ['director-and-teacher-chat-live'],
      `GET plugin/modules lists no chat module (${JSON.stringify(modules)}): the host has not installed the chat package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-and-teacher-chat-live', async () => {
    const directText = `¿Puedes cubrir la práctica de mañana a las 10:00? ${stamp}`;
    const replyText = `Sí, la cubro yo. ${stamp}`;
    const groupName = `Claustro ${stamp}`;
    const groupText = `Ya estoy en el claustro. ${stamp}`;

    // The director (this browser's session) and the teacher, as the chat's staff list has them.
    const { user: director } = await api(page, 'GET', 'user/verify');
    assert(director.email === USERS.director, `the journeys' browser is signed in as ${director.email}, not the director`);
    const staff = (await api(page, 'GET', 'chat/all')).employees;
    const teacherRow = staff.find((e) => e.name === TEACHER_NAME);
    assert(teacherRow, `chat/all lists no demo teacher: ${JSON.stringify(staff.map((e) => e.name))}`);
    const teacherId = teacherRow.user_id;

    // 1. The teacher's own permissions (the demo teacher has none besides the role's): chat.
    const granted = await api(page, 'POST', 'user/role/permission/update', { user_id: teacherId, permissions: ['chat'] });
    assert(granted.user_id === teacherId && granted.permissions.includes('chat'), `user/role/permission/update answered ${JSON.stringify(granted)}`);

    // 2. The director: "Chat", "Empleados" lists the teacher, their conversation.
    await markWindow(page);
    await openDirect(page, TEACHER_NAME, teacherId);
    await shot('100-chat-director-conversation');

    // 3. The teacher, in a second browser.
    const teacher = await openBrowser();
    try {
      const tp = teacher.page;
      await signIn(tp, host, USERS.teacher);
      const { user: me } = await api(tp, 'GET', 'user/verify');
      assert(me.user_id === teacherId && me.email === USERS.teacher, `the teacher signed in as ${JSON.stringify({ user_id: me.user_id, email: me.email })}, chat/all named user ${teacherId}`);
      assert(me.permissions.includes('chat') && me.services.some((s) => s.id === 'chat'), `the teacher's session lacks chat: ${JSON.stringify({ permissions: me.permissions, services: me.services })}`);
      const directorRow = (await api(tp, 'GET', 'chat/all')).employees.find((e) => e.user_id === director.user_id);
      assert(directorRow, "the teacher's chat/all does not list the director");
      const directorName = directorRow.name;
      await markWindow(tp);
      await openDirect(tp, directorName, director.user_id);
      await teacher.shot('101-chat-teacher-conversation');

      // 7. What the box refuses, before the first message: every send it makes is recorded.
      const sends = [];
      const onRequest = (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/send') sends.push(request.postDataJSON());
      };
      page.on('request', onRequest);
      try {
        const box = messageBox(page);
        await composer(page).getByRole('button', { name: 'Enviar', exact: true, disabled: true }).waitFor();
        // Blank: "Enviar" stays disabled and Enter sends nothing (nor adds a line).
        const blank = '   \n  ';
        await box.fill(blank);
        await composer(page).getByRole('button', { name: 'Enviar', exact: true, disabled: true }).waitFor();
        await box.press('Enter');
        assert((await box.inputValue()) === blank, `Enter changed a blank message to ${JSON.stringify(await box.inputValue())}`);
        // Over-long: the box takes 2000 characters at most (what the host allows).
        await box.fill('x'.repeat(TEXT_MAX + 1));
        assert((await box.inputValue()).length === TEXT_MAX, `the box took ${(await box.inputValue()).length} characters`);
        await composer(page).getByTestId('composer-count').filter({ hasText: `${TEXT_MAX}/${TEXT_MAX}` }).waitFor();

        // 4. The director's message, sent with Enter: in both browsers, the teacher's live.
        await box.fill(directText);
        await composer(page).getByRole('button', { name: 'Enviar', exact: true, disabled: false }).waitFor();
        await box.press('Enter');
        const mine = bubble(page, directText);
        await mine.waitFor();
        assert((await mine.getAttribute('data-mine')) === 'true', 'the director\'s message is not shown as theirs');
        await composer(page).getByTestId('composer-count').filter({ hasText: `0/${TEXT_MAX}` }).waitFor();
        assert((await box.inputValue()) === '', `the box kept ${JSON.stringify(await box.inputValue())} after sending`);
        assert((await composer(page).getByTestId('composer-error').count()) === 0, 'the box shows an error after sending');
      } finally {
        page.off('request', onRequest);
      }
      assert(sends.length === 1 && sends[0].target === 'employee' && sends[0].id === teacherId && sends[0].text === directText, `the box sent ${JSON.stringify(sends)}`);

      const received = bubble(tp, directText);
      await arrivesLive(tp, received, "the director's message in the teacher's browser");
      assert((await received.getAttribute('data-mine')) === 'false', "the director's message is shown as the teacher's");
      await teacher.shot('102-chat-teacher-received');

      // The teacher's reply with "Enviar": live in the director's browser.
      await messageBox(tp).fill(replyText);
      await sendButton(tp).click();
      const sent = bubble(tp, replyText);
      await sent.waitFor();
      assert((await sent.getAttribute('data-mine')) === 'true', "the teacher's reply is not shown as theirs");
      const reply = bubble(page, replyText);
      await arrivesLive(page, reply, "the teacher's reply in the director's browser");
      assert((await reply.getAttribute('data-mine')) === 'false', "the teacher's reply is shown as the director's");
      // Oldest first: the director's message, then the reply.
      const texts = await page.getByTestId('messages').getByTestId('message-text').allTextContents();
      assert(texts.indexOf(directText) >= 0 && texts.indexOf(directText) < texts.indexOf(replyText), `the director's conversation reads ${JSON.stringify(texts)}`);
      await shot('103-chat-director-reply');

      // 5. The teacher leaves "Grupos" open; the director creates a group inviting the teacher.
      await chatLink(tp).click();
      await tp.waitForURL('**/apps/chat/all');
      await overviewTab(tp, 'Grupos').click();
      await tp.waitForURL(/\/apps\/chat\/all\?tab=groups$/);
      await tp.getByRole('button', { name: 'Nuevo grupo' }).waitFor();
      await streamOpen(tp);

      await page.getByRole('link', { name: 'Volver', exact: true }).click();
      await page.waitForURL('**/apps/chat/all');
      await overviewTab(page, 'Grupos').click();
      await page.waitForURL(/\/apps\/chat\/all\?tab=groups$/);
      await page.getByRole('button', { name: 'Nuevo grupo' }).click();
      const form = page.getByRole('form', { name: 'Nuevo grupo' });
      await form.getByRole('textbox', { name: /^Nombre del grupo( \*)?$/ }).fill(groupName);
      await form.getByRole('group', { name: 'Empleados a invitar' }).getByRole('checkbox', { name: TEACHER_NAME, exact: true }).check();
      await shot('104-chat-new-group');
      await form.getByRole('button', { name: 'Crear grupo' }).click();
      await page.waitForURL(/\/apps\/chat\/group\/[1-9]\d*$/);
      const groupId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByText(`Grupo ${groupName} creado`).first().waitFor();
      await page.getByTestId('conversation-name').filter({ hasText: groupName }).waitFor();
      const members = page.getByTestId('group-members').getByRole('listitem');
      await members.filter({ hasText: TEACHER_NAME }).filter({ hasText: '(invitado)' }).waitFor();
      await streamOpen(page);

      // The invitation shows in the teacher's "Grupos" without reloading; "Unirse".
      const invitation = tp.getByTestId('invitation-row').filter({ has: tp.getByRole('link', { name: groupName, exact: true }) });
      await arrivesLive(tp, invitation, 'the invitation in the teacher\'s "Grupos"');
      await tp.getByRole('heading', { name: 'Invitaciones pendientes' }).waitFor();
      await overviewTab(tp, 'Grupos').filter({ hasText: /\(1\)$/ }).waitFor();
      await teacher.shot('105-chat-teacher-invited');
      await invitation.getByRole('button', { name: `Unirse al grupo ${groupName}` }).click();
      await tp.getByText(`Se ha unido al grupo ${groupName}`).first().waitFor();
      await invitation.waitFor({ state: 'detached' });
      const groupRow = tp.getByTestId('group-row').filter({ has: tp.getByRole('link', { name: groupName, exact: true }) });
      await groupRow.waitFor();

      // The director's group page follows: the teacher is a member now.
      await arrivesLive(page, members.filter({ hasText: TEACHER_NAME }).filter({ hasNotText: '(invitado)' }), "the teacher's joining on the director's group page");

      // The teacher writes in the group: live on the director's group page, with the author.
      await groupRow.getByRole('link', { name: groupName, exact: true }).click();
      await tp.waitForURL(`**/apps/chat/group/${groupId}`);
      await tp.getByTestId('conversation-name').filter({ hasText: groupName }).waitFor();
      await streamOpen(tp);
      await messageBox(tp).fill(groupText);
      await messageBox(tp).press('Enter');
      await bubble(tp, groupText).and(tp.locator('[data-mine="true"]')).waitFor();
      const groupMessage = bubble(page, groupText);
      await arrivesLive(page, groupMessage, "the teacher's group message on the director's group page");
      assert((await groupMessage.getAttribute('data-mine')) === 'false', "the teacher's group message is shown as the director's");
      assert((await groupMessage.textContent()).includes(TEACHER_NAME), `the group message does not name its author: ${await groupMessage.textContent()}`);
      await shot('106-chat-director-group');
      await teacher.shot('107-chat-teacher-group');

      assert(await sameWindow(tp), "the teacher's page was reloaded during the journey");
      assert(teacher.errors.length === 0, `errors in the teacher's page: ${teacher.errors.join(' | ')}`);
    } finally {
      await teacher.context.close();
    }
    assert(await sameWindow(page), "the director's page was reloaded during the journey");

    // 6. What the host stored.
    const direct = await api(page, 'GET', `chat/direct/employee/${teacherId}`);
    const stored = (text) => direct.messages.find((m) => m.text === text);
    const first = stored(directText);
    const second = stored(replyText);
    assert(direct.target === 'employee' && direct.id === teacherId && direct.name === TEACHER_NAME, `the direct conversation ${JSON.stringify({ target: direct.target, id: direct.id, name: direct.name })}`);
    assert(
      first && first.from_user_id === director.user_id && first.to_user_id === teacherId && first.mine === true,
      `stored director's message ${JSON.stringify(first)}`,
    );
    assert(
      second && second.from_user_id === teacherId && second.to_user_id === director.user_id && second.mine === false && second.message_id > first.message_id,
      `stored teacher's reply ${JSON.stringify(second)}`,
    );
    const groups = await api(page, 'GET', 'chat/group/read');
    const group = groups.find((g) => g.name === groupName);
    assert(group && group.created_by === director.user_id && group.my_state === 'member', `stored group ${JSON.stringify(group)}`);
    const states = group.members.map((m) => [m.user_id, m.state]).sort((a, b) => a[0] - b[0]);
    const expected = [
      [director.user_id, 'member'],
      [teacherId, 'member'],
    ].sort((a, b) => a[0] - b[0]);
    assert(JSON.stringify(states) === JSON.stringify(expected), `the group's members ${JSON.stringify(group.members)}`);
    assert(group.last_message?.text === groupText && group.last_message.from_user_id === teacherId, `the group's last message ${JSON.stringify(group.last_message)}`);
    const thread = await api(page, 'GET', `chat/read/${group.group_id}`);
    const written = thread.messages.find((m) => m.text === groupText);
    assert(written && written.target === 'group' && written.group_id === group.group_id && written.from_name === TEACHER_NAME, `stored group message ${JSON.stringify(written)}`);
  });
}
