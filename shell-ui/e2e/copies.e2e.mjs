// Content copied between businesses: the provider's "Contenido" tab of a business
// (`business/copy/kinds`, `business/copy`, `business/initalpositions`).
//  46. the provider administrator, in a browser of their own, creates the school "Autoescuela
//      Copia …" and switches its "Test online" (valkiria) service on (API); the demo director, in
//      another browser, adds a block and a question to the demo school's bank (API). The new
//      school's page, tab "Contenido": "Copiar de" lists the other businesses by name, not this
//      one; "Banco de preguntas…" from "Autoescuela Demo", asked first (naming the content, the
//      source and the school), sends {from, to, kind} and shows "Copiado: N nuevos, M ya
//      estaban" (N ≥ 2) and its toast; copied again, "Copiado: 0 nuevos, …" (nothing twice).
//      "Añadir los puestos por defecto": a new school has them all ("Ya tenía todos los puestos
//      por defecto") and they are listed as the host answers. Then "Categorías de productos…",
//      whose service the school lacks: the warning under the form points to "Módulos", copying
//      anyway shows the host's SERVICE-000 details and nothing as copied; "Ir a Módulos" opens
//      the tab with that service off.
// It needs the host to have installed the valkiria and products packages (`volante demo` with
// plugins.registry_dir); without them, it is reported as skipped, with the reason. Names are
// unique per run.
import { USERS, api, assert, openBrowser, prepare, signIn } from './harness.mjs';

const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
/** The next answer of the host to `method /api/path`. */
const answerTo = (page, method, path) => page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === `/api/${path}`);
/** "N nuevos, M ya estaban" as the tab says it (i18next's Spanish plurals). */
const counts = (created, skipped) => `Copiado: ${created} ${created === 1 ? 'nuevo' : 'nuevos'}, ${skipped} ${skipped === 1 ? 'ya estaba' : 'ya estaban'}`;

export async function copiesJourneys({ host, journey, skip }) {
  const name = 'provider-copies-content-between-schools';
  const admin = await openBrowser();
  let director = null;
  try {
    const ap = admin.page;
    const ready = await prepare(journey, admin, name, async () => {
      await signIn(ap, host, USERS.admin);
      return api(ap, 'GET', 'business/copy/kinds');
    });
    if (!ready) return;
    const kinds = ready.value;
    const bank = kinds.find((k) => k.kind === 'blocktest');
    const categories = kinds.find((k) => k.kind === 'productcategory');
    if (!bank || !categories) {
      skip(
        [name],
        `business/copy/kinds offers ${JSON.stringify(kinds.map((k) => k.kind))}: the host has not installed the valkiria and products packages (volante demo with plugins.registry_dir)`,
      );
      return;
    }

    await journey(admin, name, async () => {
      const stamp = Date.now().toString(36).slice(-5).toUpperCase();
      const schoolName = `Autoescuela Copia ${stamp}`;
      const blockName = `Bloque copia ${stamp}`;

      // The demo school (the source) has both services; the products plugin's service name.
      const all = await api(ap, 'GET', 'business/read?all=true');
      const demo = all.find((b) => b.name === 'Autoescuela Demo');
      assert(demo, `business/read?all=true has no "Autoescuela Demo": ${JSON.stringify(all.map((b) => b.name))}`);
      const demoServices = ((await api(ap, 'GET', `business/read?business_id=${demo.business_id}`)).services ?? []).map((s) => s.id);
      assert(demoServices.includes(bank.service), `the demo school lacks the ${bank.service} service: ${JSON.stringify(demoServices)}`);
      const plugins = await api(ap, 'GET', 'plugin/list');
      const serviceOf = (id) => plugins.flatMap((p) => p.services).find((s) => s.id === id);
      const bankService = serviceOf(bank.service);
      const categoriesService = serviceOf(categories.service);
      assert(bankService && categoriesService, `no installed plugin serves ${bank.service} or ${categories.service}: ${JSON.stringify(plugins.map((p) => p.services))}`);

      // 1. A new school with Test online only (API).
      const created = await api(ap, 'POST', 'business/create', { name: schoolName, admin: { email: `copia-${stamp.toLowerCase()}@example.com`, first_name: 'Copia' } });
      const schoolId = created.business_id;
      assert(schoolId, `business/create answered ${JSON.stringify(created)}`);
      const services = await api(ap, 'POST', 'business/services/update', { business_id: schoolId, services: [bank.service] });
      assert(JSON.stringify(services.map((s) => s.id)) === JSON.stringify([bank.service]), `business/services/update answered ${JSON.stringify(services)}`);

      // 2. The demo director adds a block and a question to the demo school's bank (API).
      director = await openBrowser();
      await signIn(director.page, host, USERS.director);
      const block = await api(director.page, 'POST', 'valkiria/temary/create', { licence: 'B', name: blockName });
      assert(block.id, `valkiria/temary/create answered ${JSON.stringify(block)}`);
      const question = await api(director.page, 'POST', 'valkiria/question/create', { block_id: block.id, statement: `¿Pregunta copia ${stamp}?`, answers: ['Sí', 'No'], correct: 0 });
      assert(question.id, `valkiria/question/create answered ${JSON.stringify(question)}`);
      await director.context.close();
      director = null;

      // 3. The new school's page, tab "Contenido".
      await ap.goto(`${host.base}/facilauto/business/view/${schoolId}`);
      await ap.getByRole('heading', { level: 1, name: schoolName, exact: true }).waitFor();
      await ap.getByRole('tab', { name: 'Contenido', exact: true }).click();
      await ap.waitForURL((url) => url.pathname === `/facilauto/business/view/${schoolId}` && url.searchParams.get('tab') === 'content');
      const section = ap.getByRole('region', { name: 'Copiar contenido de otra empresa', exact: true });
      const form = section.getByRole('form', { name: 'Copiar contenido de otra empresa', exact: true });
      await form.waitFor();
      const kind = form.getByRole('combobox', { name: 'Contenido', exact: true });
      const from = form.getByRole('combobox', { name: 'Copiar de', exact: true });
      const copy = form.getByRole('button', { name: 'Copiar', exact: true });
      const kindOptions = (await kind.locator('option').allTextContents()).slice(1);
      assert(JSON.stringify(kindOptions) === JSON.stringify(kinds.map((k) => k.label)), `"Contenido" offers ${JSON.stringify(kindOptions)}, the host ${JSON.stringify(kinds.map((k) => k.label))}`);
      const fromOptions = (await from.locator('option').allTextContents()).slice(1);
      const others = await ap.evaluate(
        ({ names }) => names.sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })),
        { names: all.map((b) => b.name).filter((n) => n !== schoolName) },
      );
      assert(!fromOptions.includes(schoolName), `"Copiar de" offers the school itself: ${JSON.stringify(fromOptions)}`);
      assert(JSON.stringify(fromOptions) === JSON.stringify(others), `"Copiar de" offers ${JSON.stringify(fromOptions)}, expected ${JSON.stringify(others)}`);

      // 4. The question bank from the demo school: asked first, then copied.
      await kind.selectOption({ label: bank.label });
      await from.selectOption({ label: 'Autoescuela Demo' });
      assert((await ap.getByTestId('content-copy-service').count()) === 0, 'the service warning shows for a service the school has');
      const copyOnce = async () => {
        await copy.click();
        const dialog = ap.getByRole('alertdialog');
        await dialog.waitFor();
        const asked = await text(dialog);
        const answered = answerTo(ap, 'POST', 'business/copy');
        await dialog.getByRole('button', { name: 'Copiar', exact: true }).click();
        const response = await answered;
        return { asked, sent: response.request().postDataJSON(), answer: await response.json() };
      };
      let { asked, sent, answer } = await copyOnce();
      assert(asked.includes(`Se copiará «${bank.label}» de Autoescuela Demo a ${schoolName}`), `the confirmation reads ${JSON.stringify(asked)}`);
      assert(JSON.stringify(sent) === JSON.stringify({ from: demo.business_id, to: schoolId, kind: 'blocktest' }), `business/copy was sent ${JSON.stringify(sent)}`);
      assert(
        answer.success && answer.data.plugin === 'valkiria' && answer.data.from.business_id === demo.business_id && answer.data.to.business_id === schoolId && answer.data.created >= 2,
        `business/copy answered ${JSON.stringify(answer)}`,
      );
      const first = answer.data;
      const shownCounts = ap.getByTestId('content-copy-counts');
      await shownCounts.filter({ hasText: counts(first.created, first.skipped) }).waitFor();
      assert((await text(shownCounts)) === counts(first.created, first.skipped), `the counts read ${await text(shownCounts)}`);
      await ap.getByText(`Contenido copiado de Autoescuela Demo a ${schoolName}`, { exact: true }).first().waitFor();
      await admin.shot('197-content-copied');

      // Again: nothing twice.
      ({ sent, answer } = await copyOnce());
      assert(answer.success && answer.data.created === 0 && answer.data.skipped >= first.created, `business/copy again answered ${JSON.stringify(answer)} (first ${JSON.stringify(first)})`);
      await shownCounts.filter({ hasText: counts(0, answer.data.skipped) }).waitFor();
      assert((await text(shownCounts)) === counts(0, answer.data.skipped), `the counts read ${await text(shownCounts)}`);
      await admin.shot('198-content-copied-again');

      // 5. The default positions: a new school has them all.
      const positionsSection = ap.getByRole('region', { name: 'Puestos de trabajo', exact: true });
      const positionsAnswered = ap.waitForResponse((r) => new URL(r.url()).pathname === '/api/business/initalpositions' && new URL(r.url()).searchParams.get('business_id') === String(schoolId));
      await positionsSection.getByRole('button', { name: 'Añadir los puestos por defecto', exact: true }).click();
      const positions = await (await positionsAnswered).json();
      assert(positions.success && positions.data.added.length === 0, `business/initalpositions answered ${JSON.stringify(positions)}`);
      const names = positions.data.positions.map((p) => p.name);
      assert(['Director', 'Profesor', 'Administrativo', 'Comercial'].every((n) => names.includes(n)), `the new school's positions ${JSON.stringify(names)}`);
      await positionsSection.getByTestId('content-positions-added').filter({ hasText: /^Ya tenía todos los puestos por defecto$/ }).waitFor();
      const listed = await positionsSection.getByRole('list', { name: `Puestos de ${schoolName}`, exact: true }).getByRole('listitem').allTextContents();
      assert(JSON.stringify(listed) === JSON.stringify(names), `the positions listed ${JSON.stringify(listed)}, the host's ${JSON.stringify(names)}`);
      await positionsSection.scrollIntoViewIfNeeded();
      await admin.shot('199-content-positions');

      // 6. The product categories: the school lacks their service. Warned; copying anyway, refused.
      await kind.selectOption({ label: categories.label });
      const warning = ap.getByTestId('content-copy-service');
      await warning.waitFor();
      const warned = await text(warning);
      assert(
        warned.startsWith(`${schoolName} no tiene activado el servicio del módulo ${categories.plugin_name || categories.plugin} que necesita este contenido: actívelo en «Módulos»`),
        `the warning reads ${JSON.stringify(warned)}`,
      );
      assert(await copy.isEnabled(), '"Copiar" is disabled with the service warning');
      ({ sent, answer } = await copyOnce());
      assert(JSON.stringify(sent) === JSON.stringify({ from: demo.business_id, to: schoolId, kind: 'productcategory' }), `business/copy was sent ${JSON.stringify(sent)}`);
      const refusal = Array.isArray(answer.error) ? answer.error[0] : answer.error;
      // The source is checked first: the demo school has every module's service, so the school is named.
      const expected = demoServices.includes(categories.service) ? `${schoolName} no tiene el servicio ${categoriesService.name}` : `Autoescuela Demo no tiene el servicio ${categoriesService.name}`;
      assert(!answer.success && refusal?.code === 'SERVICE-000' && refusal.details === expected, `business/copy of the categories answered ${JSON.stringify(answer)}`);
      const errors = ap.getByTestId('content-copy-errors');
      await errors.filter({ hasText: expected }).waitFor();
      assert((await text(errors)) === expected && (await errors.getAttribute('role')) === 'alert', `the refusal reads ${await text(errors)}`);
      assert((await ap.getByTestId('content-copy-result').count()) === 0, 'a refused copy still shows a result');
      await admin.shot('200-content-copy-refused');

      // "Ir a Módulos": the tab, with that service off.
      await warning.getByRole('link', { name: 'Ir a Módulos', exact: true }).click();
      await ap.waitForURL((url) => url.pathname === `/facilauto/business/view/${schoolId}` && url.searchParams.get('tab') === 'modules');
      const toggle = ap.getByRole('switch', { name: `Servicio ${categoriesService.name}`, exact: true });
      await toggle.waitFor();
      assert(!(await toggle.isChecked()), `"Servicio ${categoriesService.name}" is on for the new school`);
      assert(await ap.getByRole('switch', { name: `Servicio ${bankService.name}`, exact: true }).isChecked(), `"Servicio ${bankService.name}" is off for the new school`);
    });
  } finally {
    await director?.context.close();
    await admin.context.close();
  }
}
