// The provider's technical service journey: the servers (every running host registers itself and
// beats every 30 s) and the live connections, in the provider administrator's own browser.
//  44. the provider administrator opens "Servicio técnico": the servers' table lists this host
//      (the one `facilauto/admin/serverstate` says answered) "En marcha", marked "Le atiende", with
//      its version, as does the "Este servidor" card; the summary counts it running. In "Grupos de
//      servidores" a group is created ("0 servidores"). The server's page: it cannot be removed
//      while running ("Quitar" disabled, and why); its form names it and puts it in the group
//      (only what changed is sent; the record shows the group); its figures show the database
//      engine and its answer time, and the plugins it runs with their versions, as the host
//      stored them at its last beat. Back in the list, the row has the new name and the group,
//      and the group "1 servidor". "Conexiones" draws the last 24 h and, with "7 días", asks for
//      168 hours. What the host stored matches.
// It needs no plugin (with the registry's plugins, their versions are checked too). Names are
// unique per run.
import { USERS, api, assert, openBrowser, signIn } from './harness.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A groups panel's item (GroupsPanel: the name in bold, its count, "Eliminar"). */
const panelItem = (panel, name) => panel.getByRole('listitem').filter({ has: panel.page().locator('strong', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });
/** The database's engine as the screens name it. */
const ENGINES = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
/** A table's body rows as their cells' texts. */
const rowTexts = async (table) => {
  const rows = table.locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim()));
  return out;
};

export async function serversJourneys({ host, journey }) {
  const admin = await openBrowser();
  try {
    const ap = admin.page;
    await journey(admin, 'provider-watches-the-servers', async () => {
      const stamp = Date.now().toString(36);
      const groupName = `Centro de datos ${stamp}`;
      const serverName = `Principal ${stamp}`;
      await signIn(ap, host, USERS.admin);

      // Which host answers this browser (the demo runs one).
      const here = await api(ap, 'GET', 'facilauto/admin/serverstate');
      assert(here.server_id && here.name && here.version && here.state === 'online', `facilauto/admin/serverstate answered ${JSON.stringify({ ...here, status: undefined })}`);
      const serverId = here.server_id;

      // 1. "Servicio técnico": this host in the table, running, with its version.
      await menu(ap).getByRole('link', { name: 'Servicio técnico', exact: true }).click();
      await ap.waitForURL('**/servicio/tecnico/servers');
      const table = ap.getByRole('table', { name: 'Servidores', exact: true });
      const row = () => table.getByRole('row').filter({ has: ap.locator(`a[href="/servicio/tecnico/view/${serverId}"]`) });
      await row().waitFor();
      let cells = (await row().getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      assert(cells[0].startsWith(here.name) && cells[0].includes('Le atiende') && cells[0].includes(here.instance), `this host's name cell reads ${JSON.stringify(cells[0])}`);
      assert(cells[2] === 'En marcha' && cells[3] === here.version, `this host's row ${JSON.stringify(cells)}`);
      // The last beat: how long ago (at most a beat or two), then the local time.
      assert(/^hace \d+ (s|min)\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/.test(cells[4]), `this host's last beat reads ${JSON.stringify(cells[4])}`);
      assert((await row().locator('[data-state="online"]').getAttribute('class'))?.includes('vk-badge--success'), 'the state chip of a running server is not green');
      const summary = ap.getByTestId('servers-summary');
      const running = Number(await text(summary.locator('[data-summary="online"] dd')));
      assert(running >= 1, `the summary counts ${running} running servers`);
      const card = ap.getByTestId('this-server');
      await card.getByRole('link', { name: here.name, exact: true }).waitFor();
      assert((await text(card.getByTestId('this-server-version'))) === here.version, `"Este servidor" says version ${await text(card.getByTestId('this-server-version'))}`);
      await admin.shot('185-servers-list');

      // 2. A server group.
      const groups = ap.getByTestId('server-groups');
      const groupForm = groups.getByRole('form', { name: 'Nuevo grupo' });
      await groupForm.getByRole('textbox', { name: /^Nombre del grupo( \*)?$/ }).fill(groupName);
      const groupCreated = ap.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/servidor/group/create');
      await groupForm.getByRole('button', { name: 'Crear grupo', exact: true }).click();
      const groupAnswer = await (await groupCreated).json();
      assert(groupAnswer.success && groupAnswer.data.group_id && groupAnswer.data.name === groupName && groupAnswer.data.servers === 0, `servidor/group/create answered ${JSON.stringify(groupAnswer)}`);
      const groupId = groupAnswer.data.group_id;
      await ap.getByText(`Grupo ${groupName} creado`).first().waitFor();
      const groupItem = panelItem(groups, groupName);
      await groupItem.getByText('0 servidores', { exact: true }).waitFor();

      // 3. The server's page: running, so it cannot be removed.
      await row().getByRole('link', { name: here.name, exact: true }).click();
      await ap.waitForURL(`**/servicio/tecnico/view/${serverId}`);
      const record = ap.getByTestId('server-record');
      await record.waitFor();
      const remove = ap.getByRole('button', { name: 'Quitar', exact: true });
      assert(await remove.isDisabled(), '"Quitar" is enabled for the running server');
      await ap.getByTestId('server-remove-hint').getByText(/^Un servidor en marcha no se puede quitar/).waitFor();

      // Named and put in the group: only what changed is sent.
      const form = ap.getByRole('form', { name: 'Datos del servidor' });
      const name = form.getByRole('textbox', { name: /^Nombre( \*)?$/ });
      assert((await name.inputValue()) === here.name, `the form's name is ${await name.inputValue()}`);
      await name.fill(serverName);
      const groupSelect = form.getByRole('combobox', { name: 'Grupo', exact: true });
      await groupSelect.locator('option', { hasText: groupName }).waitFor({ state: 'attached' });
      await groupSelect.selectOption({ label: groupName });
      const updated = ap.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/servidor/update');
      await form.getByRole('button', { name: 'Guardar', exact: true }).click();
      const response = await updated;
      const sent = response.request().postDataJSON();
      assert(JSON.stringify(sent) === JSON.stringify({ server_id: serverId, name: serverName, group_id: groupId }), `servidor/update was sent ${JSON.stringify(sent)}`);
      const answer = await response.json();
      assert(answer.success && answer.data.name === serverName && answer.data.group?.group_id === groupId && answer.data.group?.name === groupName, `servidor/update answered ${JSON.stringify({ ...answer.data, status: undefined })}`);
      await ap.getByText(`Servidor «${serverName}» guardado`).first().waitFor();
      await record.locator('[data-fact="group"] dd').getByText(groupName, { exact: true }).waitFor();
      await ap.getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(serverName)}`) }).waitFor();
      await admin.shot('186-servers-named');

      // Its figures as of its last beat: the database engine and its answer time, the plugins.
      const facts = ap.getByTestId('server-status-facts');
      await facts.waitFor();
      const engine = ENGINES[here.status.database.engine];
      assert(engine, `the host's database engine is ${here.status.database.engine}`);
      const database = await text(facts.locator('[data-fact="database"] dd'));
      assert(new RegExp(`^${engine} · \\d+(,\\d+)? ms$`).test(database ?? ''), `the database reads ${JSON.stringify(database)}`);
      const plugins = ap.getByRole('table', { name: 'Módulos', exact: true });
      await plugins.waitFor();
      // The page and the host agree on the plugins of the same beat (a beat in between: read again).
      let shown = [];
      let stored = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        stored = ((await api(ap, 'GET', `servidor/read?id=${serverId}`)).status?.plugins ?? []).map((p) => [p.name ? `${p.name} (${p.plugin_id})` : p.plugin_id, p.version]);
        shown = await rowTexts(plugins);
        if (stored.length === 0 ? shown.length === 1 && shown[0][0] === 'Ningún módulo instalado' : JSON.stringify(shown) === JSON.stringify(stored)) break;
        await ap.getByTestId('server-status').getByRole('button', { name: 'Actualizar', exact: true }).click();
        await ap.waitForTimeout(500);
      }
      assert(
        stored.length === 0 ? shown[0]?.[0] === 'Ningún módulo instalado' : JSON.stringify(shown) === JSON.stringify(stored),
        `the plugins shown ${JSON.stringify(shown)}, stored ${JSON.stringify(stored)}`,
      );
      await admin.shot('187-servers-status');

      // 4. Back in the list: the new name, the group, and the group's count.
      await ap.getByRole('link', { name: 'Volver', exact: true }).click();
      await ap.waitForURL('**/servicio/tecnico/servers');
      await row().getByRole('link', { name: serverName, exact: true }).waitFor();
      cells = (await row().getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      assert(cells[1] === groupName && cells[2] === 'En marcha', `the renamed server's row ${JSON.stringify(cells)}`);
      await groupItem.getByText('1 servidor', { exact: true }).waitFor();
      await card.getByRole('link', { name: serverName, exact: true }).waitFor();
      await admin.shot('188-servers-grouped');

      // 5. "Conexiones": the last 24 h (this host sampled at its start), then 7 days.
      const connections = ap.getByTestId('servers-connections');
      await connections.getByRole('img', { name: 'Conexiones (máximo de cada hora)' }).waitFor();
      const week = ap.waitForRequest((r) => new URL(r.url()).pathname === '/api/dashboard/socketchart/read' && new URL(r.url()).searchParams.get('hours') === '168');
      const weekSchools = ap.waitForRequest((r) => new URL(r.url()).pathname === '/api/dashboard/socketchartautoescuela/read' && new URL(r.url()).searchParams.get('hours') === '168');
      await connections.getByRole('combobox', { name: 'Periodo', exact: true }).selectOption({ label: '7 días' });
      await Promise.all([week, weekSchools]);
      await connections.getByRole('img', { name: 'Conexiones (máximo de cada día)' }).waitFor();
      await connections.getByRole('table', { name: 'Autoescuelas por pico de conexiones' }).waitFor();
      await admin.shot('189-servers-connections');

      // 6. What the host stored.
      const server = await api(ap, 'GET', `servidor/read?id=${serverId}`);
      assert(server.name === serverName && server.group?.group_id === groupId && server.state === 'online' && server.version === here.version, `servidor/read ${JSON.stringify({ ...server, status: undefined })}`);
      const storedGroups = await api(ap, 'GET', 'servidor/group/read');
      assert(storedGroups.some((g) => g.group_id === groupId && g.name === groupName && g.servers === 1), `servidor/group/read ${JSON.stringify(storedGroups)}`);
    });
  } finally {
    await admin.context.close();
  }
}
