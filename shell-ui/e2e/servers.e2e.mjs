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
//  45. then, in the same browser: "Actualizaciones" on the servers' page gives this host's version
//      as the newest, no server behind it, and each installed plugin with its version (and the
//      registry's, or "No hay registro local configurado"), as `actualizacion/estado` says. On
//      "Empresas", the school finder finds the demo school by its director's e-mail and by "demo sl"
//      (its legal name), saying what matched, and opens it; its "Ficha" shows its users by role,
//      its branches and services as `business/ficha/read` says, "Imprimir ficha" prints and only
//      the card is on the paper. "Acerca de" in the user menu: /about/version with the host's
//      version and release and the modules the provider's shell loads (consulting among them when
//      installed), as `versiones/ultima` says. Another release answered (altered in the browser),
//      the tab shown again brings "Hay una versión nueva de Volante"; "Recargar" reloads the page.
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

    await journey(admin, 'provider-updates-finder-record-about', async () => {
      // Signed in already (the journey above); signed in again if that one stopped short of it.
      await ap.goto(`${host.base}/servicio/tecnico/servers`);
      const landed = await Promise.race([
        ap.getByTestId('servers-updates').waitFor().then(() => 'servers'),
        ap.getByRole('heading', { name: 'Iniciar sesión' }).waitFor().then(() => 'sign-in'),
      ]);
      if (landed === 'sign-in') {
        await signIn(ap, host, USERS.admin);
        await ap.goto(`${host.base}/servicio/tecnico/servers`);
      }
      const here = await api(ap, 'GET', 'facilauto/admin/serverstate');

      // 7. "Actualizaciones": this host's version is the newest; the plugins as the host says.
      const state = await api(ap, 'GET', 'actualizacion/estado');
      assert(state.host.latest === here.version, `actualizacion/estado says the newest host version is ${state.host.latest}, this host runs ${here.version}`);
      const updates = ap.getByTestId('servers-updates');
      await updates.getByTestId('updates-latest').filter({ hasText: new RegExp(`^${escapeRegExp(here.version)}$`) }).waitFor();
      const behind = state.host.servers.filter((s) => !s.current);
      if (behind.length === 0) await updates.getByTestId('updates-servers-current').waitFor();
      else await updates.getByRole('table', { name: 'Servidores sin la versión más reciente', exact: true }).waitFor();
      assert(!behind.some((s) => s.server_id === here.server_id), `this host is behind: ${JSON.stringify(behind)}`);
      const pluginTable = updates.getByRole('table', { name: 'Versiones de los módulos', exact: true });
      await pluginTable.waitFor();
      const pluginRows = await rowTexts(pluginTable);
      if (state.plugins.length === 0) {
        assert(pluginRows.length === 1 && pluginRows[0][0] === 'No hay módulos instalados', `the updates card's plugins ${JSON.stringify(pluginRows)}`);
      } else {
        const expected = state.plugins.map((p) => [`${p.name || p.plugin_id}${p.plugin_id}`, p.installed]);
        const shownPlugins = pluginRows.map((cells) => [cells[0].replace(/\s+/g, ''), cells[1]]);
        assert(JSON.stringify(shownPlugins) === JSON.stringify(expected.map(([name, version]) => [name.replace(/\s+/g, ''), version])), `the updates card's plugins ${JSON.stringify(pluginRows)}, the host's ${JSON.stringify(state.plugins)}`);
        if (state.registry) {
          for (const [i, p] of state.plugins.entries()) {
            const available = pluginRows[i][2];
            assert(available.startsWith(p.available ?? 'No está en el registro') && available.includes('Actualización disponible') === p.update, `${p.plugin_id}: "Disponible" reads ${JSON.stringify(available)}, the host says ${JSON.stringify(p)}`);
          }
        }
      }
      if (!state.registry) await updates.getByTestId('updates-no-registry').getByText(/^No hay registro local configurado/).waitFor();
      await updates.scrollIntoViewIfNeeded();
      await admin.shot('190-servers-updates');

      // 8. The school finder on "Empresas": by the director's e-mail, then by the legal name.
      await menu(ap).getByRole('link', { name: 'Empresas', exact: true }).click();
      await ap.waitForURL('**/facilauto/business/list');
      await ap.getByRole('table', { name: 'Empresas', exact: true }).waitFor();
      const finder = ap.getByRole('searchbox', { name: 'Buscar autoescuela', exact: true });
      const results = ap.getByRole('list', { name: 'Autoescuelas encontradas', exact: true });
      const demoSchool = results.getByTestId('finder-school').filter({ has: ap.getByRole('link', { name: 'Autoescuela Demo', exact: true }) });
      const search = async (text) => {
        const answered = ap.waitForResponse((r) => new URL(r.url()).pathname === '/api/buscador/autoescuelas' && new URL(r.url()).searchParams.get('search') === text);
        await finder.fill(text);
        const answer = await (await answered).json();
        assert(answer.success, `buscador/autoescuelas?search=${text} answered ${JSON.stringify(answer)}`);
        return answer.data;
      };
      let found = await search(USERS.director);
      let school = found.schools.find((s) => s.name === 'Autoescuela Demo');
      assert(school && school.matches.some((m) => m.value.toLowerCase() === USERS.director), `buscador/autoescuelas by the director's e-mail ${JSON.stringify(found)}`);
      const businessId = school.business_id;
      await demoSchool.waitFor();
      assert((await ap.getByRole('table', { name: 'Empresas', exact: true }).count()) === 0, 'the list still shows beside the schools found');
      await demoSchool.getByRole('listitem').filter({ hasText: USERS.director }).first().waitFor();
      assert((await text(demoSchool)).includes(`CIF ${school.fiscal_code}`), `the school found reads ${await text(demoSchool)}`);
      await ap.getByTestId('finder-total').filter({ hasText: new RegExp(`^${found.total} autoescuelas? encontradas?`) }).waitFor();
      await admin.shot('191-finder-by-email');

      found = await search('demo sl');
      school = found.schools.find((s) => s.business_id === businessId);
      const legalName = school?.matches.find((m) => m.kind === 'business' && m.field === 'fiscal_name');
      assert(legalName && /demo sl/i.test(legalName.value), `buscador/autoescuelas by "demo sl" ${JSON.stringify(found)}`);
      await demoSchool.getByRole('listitem').filter({ hasText: new RegExp(`^Razón social: ${escapeRegExp(legalName.value)}$`) }).waitFor();
      await admin.shot('192-finder-by-legal-name');
      await demoSchool.getByRole('link', { name: 'Autoescuela Demo', exact: true }).click();
      await ap.waitForURL(`**/facilauto/business/view/${businessId}`);

      // 9. Its record card: users by role, services, branches, as the host has them; printed alone.
      const card = await api(ap, 'GET', `business/ficha/read?business_id=${businessId}`);
      await ap.getByRole('tab', { name: 'Ficha', exact: true }).click();
      await ap.waitForURL((url) => url.pathname === `/facilauto/business/view/${businessId}` && url.searchParams.get('tab') === 'record');
      const sheet = ap.getByRole('article', { name: 'Ficha de Autoescuela Demo', exact: true });
      await sheet.waitFor();
      const usersText = await text(sheet.getByTestId('record-users-total'));
      assert(card.users.total >= 2 && usersText === `${card.users.total} usuarios, ${card.users.active} ${card.users.active === 1 ? 'activo' : 'activos'}`, `the card's users read ${JSON.stringify(usersText)}, the host's ${JSON.stringify(card.users)}`);
      const roles = await rowTexts(sheet.getByRole('table', { name: 'Usuarios por rol', exact: true }));
      assert(JSON.stringify(roles) === JSON.stringify(card.users.by_role.map((r) => [r.role || 'Sin rol', String(r.users), String(r.active)])), `the card's roles ${JSON.stringify(roles)}, the host's ${JSON.stringify(card.users.by_role)}`);
      const branches = await rowTexts(sheet.getByRole('table', { name: 'Sucursales', exact: true }));
      assert(card.branches.length >= 2 && JSON.stringify(branches.map((b) => b[0])) === JSON.stringify(card.branches.map((b) => b.trade_name)), `the card's branches ${JSON.stringify(branches)}, the host's ${JSON.stringify(card.branches.map((b) => b.trade_name))}`);
      assert(JSON.stringify(branches.map((b) => b[2])) === JSON.stringify(card.branches.map((b) => b.city || '—')), `the card's branch towns ${JSON.stringify(branches)}`);
      const services = await rowTexts(sheet.getByRole('table', { name: 'Servicios', exact: true }));
      assert(
        card.services.length === 0 ? services[0]?.[0] === 'Ningún servicio activado' : JSON.stringify(services.map((r) => r[0])) === JSON.stringify(card.services.map((s) => s.name || s.id)),
        `the card's services ${JSON.stringify(services)}, the host's ${JSON.stringify(card.services)}`,
      );
      await admin.shot('193-business-record');
      await ap.evaluate(() => {
        window.__printed = 0;
        window.print = () => {
          window.__printed += 1;
        };
      });
      await ap.getByRole('button', { name: 'Imprimir ficha', exact: true }).click();
      assert((await ap.evaluate(() => window.__printed)) === 1, '"Imprimir ficha" did not print');
      await ap.emulateMedia({ media: 'print' });
      assert(!(await menu(ap).isVisible()) && !(await ap.getByRole('tablist').isVisible()) && !(await ap.getByRole('button', { name: 'Imprimir ficha', exact: true }).isVisible()), 'the menu, the tabs or the button would be printed');
      assert(await sheet.isVisible(), 'the record card would not be printed');
      await admin.shot('194-business-record-print');
      await ap.emulateMedia({ media: 'screen' });

      // 10. "Acerca de": the version, the release and the modules this shell loads.
      const latest = await api(ap, 'GET', 'versiones/ultima');
      assert(latest.version === here.version && /^[0-9a-f]{12}$/.test(latest.release), `versiones/ultima ${JSON.stringify(latest)}`);
      await ap.getByRole('button', { name: 'Menú de usuario' }).click();
      await ap.getByRole('menuitem', { name: 'Acerca de', exact: true }).click();
      await ap.waitForURL('**/about/version');
      await ap.getByRole('heading', { level: 1, name: 'Acerca de Volante' }).waitFor();
      await ap.getByTestId('about-version-number').filter({ hasText: new RegExp(`^${escapeRegExp(latest.version)}$`) }).waitFor();
      assert((await text(ap.getByTestId('about-release'))) === latest.release, `the page's release ${await text(ap.getByTestId('about-release'))}, the host's ${latest.release}`);
      const moduleTable = ap.getByRole('table', { name: 'Módulos', exact: true });
      await moduleTable.waitFor();
      const modules = await rowTexts(moduleTable);
      const expectedModules = latest.modules.length === 0 ? [['No tiene módulos']] : latest.modules.map((m) => [m.name || m.plugin_id, m.plugin_id, m.version]);
      assert(JSON.stringify(modules) === JSON.stringify(expectedModules), `the modules shown ${JSON.stringify(modules)}, the host's ${JSON.stringify(latest.modules)}`);
      const installed = await api(ap, 'GET', 'plugin/list');
      if (installed.some((p) => p.plugin_id === 'consulting')) {
        assert(modules.some((m) => m[1] === 'consulting'), `the provider's modules lack consulting: ${JSON.stringify(modules)}`);
      }
      assert((await ap.getByTestId('version-notice').count()) === 0, 'the new-version notice shows with nothing new');
      await admin.shot('195-about-version');

      // 11. A new release (the host's answer altered in the browser): when the tab shows again,
      //     the notice; "Recargar" loads the page, which then is that release (no notice).
      const newer = 'ffffffffffff';
      await ap.route('**/api/versiones/ultima', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, data: { ...body.data, release: newer } } });
      });
      try {
        await ap.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        const notice = ap.getByTestId('version-notice');
        await notice.getByText('Hay una versión nueva de Volante', { exact: true }).waitFor();
        assert((await notice.getAttribute('data-release')) === newer, `the notice is for ${await notice.getAttribute('data-release')}`);
        await admin.shot('196-version-notice');
        await Promise.all([ap.waitForEvent('load'), notice.getByRole('button', { name: 'Recargar', exact: true }).click()]);
        await ap.getByTestId('version-watch').and(ap.locator(`[data-loaded="${newer}"]`)).waitFor({ state: 'attached' });
        await ap.getByTestId('about-version-number').waitFor();
        assert((await ap.getByTestId('version-notice').count()) === 0, 'the notice is still there after reloading');
      } finally {
        await ap.unroute('**/api/versiones/ultima');
      }
    });
  } finally {
    await admin.context.close();
  }
}
