// Guided classes journey: the guided plugin's remote loaded by the shell, reading the school's
// syllabi (the temary module) as its digital books.
//  32. a published syllabus with one theme and two subthemes (the first with a section of text) is
//      made through the temary module's calls. The director opens "Clases guiadas": the syllabus
//      is listed under "Libros digitales". A new group for licence B following that book is
//      created from the form and its page opens. A class without a title is refused before it is
//      sent (nothing stored); two classes are added and the second moved up ("↑"): the order is
//      stored. The coverage says 0 of 2 subthemes. In the first class (by position) the editor
//      adds the first subtheme from the book, a link and a note; the viewer shows the section's
//      text, then "Siguiente recurso" the link, then the note. "Marcar como impartida" stores it
//      given (by whom, when). Back in the group the coverage says 1 of 2 covered and 1 given, the
//      subtheme naming that class. "Copiar grupo" makes a copy with both classes pending, which
//      is then deleted and leaves the list. What the host stored is checked at each step.
// It needs the host to have installed the guided and temary packages (`volante demo` with
// plugins.registry_dir); without them, it is reported as skipped, with the reason. Names are
// unique per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
/** The next answer of the host to `method /api/path`. */
const answerTo = (page, method, path) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === `/api/${path}`);
/** Waits until the element's `aria-busy` is "false". */
const idle = (locator) => locator.and(locator.page().locator('[aria-busy="false"]')).waitFor();

export async function guidedJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('guided') || !modules.includes('temary')) {
    skip(
      ['teacher-gives-a-guided-class'],
      `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the guided and temary packages (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'teacher-gives-a-guided-class', async () => {
    // ---- The book: a published syllabus, made through the temary module.
    const bookName = `Permiso B guiado E2E ${stamp}`;
    const book = await api(page, 'POST', 'temary/create', { name: bookName, category: 'B', status: 'publish', description: 'El libro de las clases de teoría' });
    const theme = await api(page, 'POST', 'temary/theme/create', { temary_id: book.id, title: `Señales ${stamp}` });
    const signs = await api(page, 'POST', 'temary/subtheme/create', { theme_id: theme.id, title: `Señales de peligro ${stamp}` });
    const rules = await api(page, 'POST', 'temary/subtheme/create', { theme_id: theme.id, title: `Señales de prioridad ${stamp}` });
    const sectionText = `Triángulo con borde rojo: peligro ${stamp}`;
    await api(page, 'POST', 'temary/subtheme/section/create', { subtheme_id: signs.id, title: 'Forma y color', content: sectionText });

    // ---- The groups page lists the book; a new group follows it.
    await menu(page).getByRole('link', { name: 'Clases guiadas', exact: true }).click();
    await page.waitForURL('**/clase/guiada/list');
    await page.getByTestId('book-name').filter({ hasText: bookName }).waitFor();
    const groupName = `Permiso B tarde E2E ${stamp}`;
    const form = page.getByTestId('group-new-form');
    await form.locator('[name=name]').fill(groupName);
    await form.locator('[name=licence]').selectOption('B');
    await form.locator('[name=temary_id]').selectOption(String(book.id));
    await form.locator('[name=description]').fill('Lunes y miércoles de 18:00 a 19:30');
    const created = answerTo(page, 'POST', 'clase/guiadagrupo/create');
    await form.locator('button[type=submit]').click();
    const group = (await (await created).json()).data;
    await page.waitForURL(`**/clase/guiada/grupo/view/${group.id}`);
    await page.getByTestId('group-title').filter({ hasText: groupName }).waitFor();
    const stored = await api(page, 'GET', `clase/guiadagrupo/read?id=${group.id}`);
    assert(stored.licence === 'B' && stored.temary_id === book.id && stored.book?.name === bookName && stored.total === 0, `the group stored: ${JSON.stringify(stored)}`);
    await page.getByTestId('coverage-totals').and(page.locator(`[data-subthemes="2"][data-covered="0"]`)).waitFor();

    // ---- Classes: a title is required (nothing sent); two added, the second moved up.
    const classes = page.getByTestId('classes-panel');
    const newClass = page.getByTestId('class-new-form');
    await newClass.locator('button[type=submit]').click();
    await newClass.getByTestId('error-title').waitFor();
    assert((await api(page, 'GET', `clase/guiadagrupo/read?id=${group.id}`)).total === 0, 'a class without a title was stored');
    const first = `Prioridad ${stamp}`;
    const second = `Peligro ${stamp}`;
    for (const title of [first, second]) {
      await newClass.locator('[name=title]').fill(title);
      await newClass.locator('[name=minutes]').fill('90');
      const added = answerTo(page, 'POST', 'clase/guiada/create');
      await newClass.locator('button[type=submit]').click();
      assert((await (await added).json()).success, `the class ${title} was not created`);
      await classes.getByTestId('class-item-title').filter({ hasText: title }).waitFor();
      await idle(classes);
    }
    const secondItem = classes.getByTestId('class-item').filter({ hasText: second });
    const moved = answerTo(page, 'POST', 'clase/guiada/update');
    await secondItem.getByTestId('class-item-up').click();
    await moved;
    await idle(classes);
    const order = (await api(page, 'GET', `clase/guiadagrupo/read?id=${group.id}`)).classes;
    assert(
      order.map((c) => c.title).join('|') === `${second}|${first}` && order.map((c) => c.position).join(',') === '1,2' && order.every((c) => c.minutes === 90),
      `the classes stored: ${JSON.stringify(order)}`,
    );
    await page.waitForFunction(
      (titles) => [...document.querySelectorAll('[data-testid=class-item-title]')].map((a) => a.textContent.trim()).join('|') === titles,
      `${second}|${first}`,
    );
    await shot('guided-group');

    // ---- The first class: resources from the book, a link and a note.
    const classId = order[0].id;
    await classes.getByTestId('class-item-title').filter({ hasText: second }).click();
    await page.waitForURL(`**/clase/guiada/view/${classId}/${group.id}`);
    await page.getByTestId('class-title').filter({ hasText: second }).waitFor();
    const editor = page.getByTestId('resource-editor');
    await idle(editor);
    const fromBook = page.getByTestId('add-book-form');
    await fromBook.locator('[name=subtheme_id]').selectOption(String(signs.id));
    let added = answerTo(page, 'POST', 'clase/guiada/recurso/add/create');
    await fromBook.locator('button[type=submit]').click();
    assert((await (await added).json()).success, 'the subtheme was not added');
    await editor.getByTestId('resource-item').first().waitFor();
    await page.locator('#guided-add-tab-link').click();
    const link = page.getByTestId('add-link-form');
    await link.locator('[name=title]').fill('Catálogo de señales de la DGT');
    await link.locator('[name=url]').fill('https://www.dgt.es/');
    added = answerTo(page, 'POST', 'clase/guiada/recurso/add/create');
    await link.locator('button[type=submit]').click();
    assert((await (await added).json()).success, 'the link was not added');
    await page.locator('#guided-add-tab-note').click();
    const note = page.getByTestId('add-note-form');
    const noteText = `Preguntar qué señales han visto hoy de camino ${stamp}`;
    await note.locator('[name=title]').fill('Para empezar');
    await note.locator('[name=text]').fill(noteText);
    added = answerTo(page, 'POST', 'clase/guiada/recurso/add/create');
    await note.locator('button[type=submit]').click();
    assert((await (await added).json()).success, 'the note was not added');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=resource-item]').length === 3);
    const storedClass = await api(page, 'GET', `clase/guiada/read?id=${classId}`);
    assert(
      storedClass.resources.map((r) => r.kind).join(',') === 'subtheme,link,note' &&
        storedClass.resources[0].content?.sections?.[0]?.content === sectionText &&
        storedClass.resources[1].url === 'https://www.dgt.es/',
      `the class's resources: ${JSON.stringify(storedClass.resources)}`,
    );

    // The viewer: the subtheme's text, then the link, then the note.
    const current = page.getByTestId('resource-current');
    await page.getByTestId('resource-jump').first().click();
    await current.and(page.locator('[data-kind="subtheme"]')).waitFor();
    await current.getByText(sectionText).waitFor();
    await page.getByTestId('resource-next').click();
    await current.and(page.locator('[data-kind="link"]')).waitFor();
    assert((await current.getByTestId('resource-link').getAttribute('href')) === 'https://www.dgt.es/', 'the link points elsewhere');
    await page.getByTestId('resource-next').click();
    await current.and(page.locator('[data-kind="note"]')).waitFor();
    await current.getByText(noteText).waitFor();
    await shot('guided-class');

    // Given.
    const marked = answerTo(page, 'POST', 'clase/guiada/update');
    await page.getByTestId('class-mark').click();
    await marked;
    await page.getByTestId('class-status').and(page.locator('[data-status="given"]')).waitFor();
    const given = await api(page, 'GET', `clase/guiada/read?id=${classId}`);
    assert(given.status === 'given' && given.given_at && given.given_by_name, `the class given: ${JSON.stringify(given)}`);

    // ---- Back in the group: the coverage.
    await page.getByTestId('class-group').click();
    await page.waitForURL(`**/clase/guiada/grupo/view/${group.id}`);
    await page.getByTestId('coverage-totals').and(page.locator('[data-subthemes="2"][data-covered="1"][data-given="1"]')).waitFor();
    const covered = page.getByTestId('coverage-subtheme').and(page.locator(`[data-subtheme-id="${signs.id}"]`));
    await covered.getByTestId('coverage-class').filter({ hasText: second }).waitFor();
    await page.getByTestId('coverage-subtheme').and(page.locator(`[data-subtheme-id="${rules.id}"]`)).getByTestId('coverage-uncovered').waitFor();
    const coverage = await api(page, 'GET', `clase/guiada/temary/list?group_id=${group.id}`);
    assert(coverage.totals?.covered === 1 && coverage.totals?.given === 1 && coverage.totals?.subthemes === 2, `the coverage: ${JSON.stringify(coverage.totals)}`);

    // ---- A copy for next month: both classes pending; then deleted.
    await page.getByTestId('group-copy').click();
    const copyName = `Permiso B noviembre E2E ${stamp}`;
    const copyForm = page.getByTestId('group-copy-form');
    await copyForm.locator('[name=name]').fill(copyName);
    const copied = answerTo(page, 'POST', 'clase/guiadagrupo/clon');
    await copyForm.locator('button[type=submit]').click();
    const copy = (await (await copied).json()).data;
    await page.waitForURL(`**/clase/guiada/grupo/view/${copy.id}`);
    await page.getByTestId('group-title').filter({ hasText: copyName }).waitFor();
    const copyStored = await api(page, 'GET', `clase/guiadagrupo/read?id=${copy.id}`);
    assert(
      copyStored.classes.map((c) => `${c.title}:${c.status}:${c.resources}`).join('|') === `${second}:pending:3|${first}:pending:0`,
      `the copy's classes: ${JSON.stringify(copyStored.classes)}`,
    );
    await page.getByTestId('group-delete').click();
    const deleted = answerTo(page, 'POST', 'clase/guiadagrupo/delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await deleted;
    await page.waitForURL('**/clase/guiada/list');
    const list = await api(page, 'GET', `clase/guiadagrupo/list?search=${encodeURIComponent(stamp)}`);
    assert(list.items.map((g) => g.name).join('|') === groupName, `the groups left: ${JSON.stringify(list.items.map((g) => g.name))}`);
    const row = page.getByTestId('group-name').filter({ hasText: groupName });
    await row.waitFor();
    assert((await page.getByTestId('group-name').filter({ hasText: copyName }).count()) === 0, 'the deleted copy is still listed');
    assert((await text(row)) === groupName, 'the group row');
  });
}
