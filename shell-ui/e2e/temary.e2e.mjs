// Syllabi journey: the temary plugin's remote loaded by the shell.
//  26. the director opens "Temarios", creates a syllabus with "Nuevo temario" (category B, in
//      development), adds two themes in its tree and moves the second up ("↑"): the tree shows
//      it first, numbered 1, and the other 2; adds a subtheme to the theme now second ("2.1"),
//      opens it (its trail names "Tema 2"), adds a section with two lines of content and uploads
//      a one-page PDF made here as a sheet with the "Nueva ficha" form (no title: the file's
//      name), through the plugin's `temary/subtheme/sheet/upload`; the sheet is listed with its
//      size and its link serves the same bytes. What the host stored matches (themes in the new
//      order, the subtheme under the moved-down theme, the section and the sheet), and the list
//      of syllabi shows it with 2 themes
// It needs the host to have installed the temary package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Names are unique
// per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';
import { onePagePdf } from './agreements.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();

export async function temaryJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('temary')) {
    skip(
      ['director-builds-a-syllabus'],
      `GET plugin/modules lists no temary module (${JSON.stringify(modules)}): the host has not installed the temary package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-builds-a-syllabus', async () => {
    const name = `Permiso B E2E ${stamp}`;
    // made first, moved down by the second
    const signs = `Las señales ${stamp}`;
    const rules = `Normas de circulación ${stamp}`;
    const subtitle = `Señales verticales ${stamp}`;
    const sectionTitle = `Señales de prohibición ${stamp}`;
    const sectionContent = 'Círculo con borde rojo: prohíbe.\nCírculo azul: obliga.';
    const sheetDescription = 'Para repasar en clase las señales de prohibición';
    const pdfName = `senales-verticales-${stamp.toLowerCase()}.pdf`;
    const pdf = onePagePdf(`SENALES VERTICALES ${stamp}`);
    assert(pdf.length < 1024, `the PDF has ${pdf.length} bytes (its size is shown in B below 1024)`);

    // A new syllabus, from the list.
    await menu(page).getByRole('link', { name: 'Temarios', exact: true }).click();
    await page.waitForURL('**/temary/list');
    await page.getByRole('table', { name: 'Temarios' }).waitFor();
    await page.getByRole('link', { name: 'Nuevo temario' }).click();
    await page.waitForURL('**/temary/create/0');
    const form = page.getByRole('form', { name: 'Nuevo temario' });
    const status = form.getByRole('combobox', { name: 'Estado', exact: true });
    assert((await status.inputValue()) === 'developing', `a new syllabus's status is ${await status.inputValue()}`);
    await form.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(name);
    await form.getByRole('textbox', { name: 'Categoría', exact: true }).fill('B');
    await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill('El temario teórico del permiso B de la autoescuela');
    await form.getByRole('button', { name: 'Crear temario' }).click();
    await page.waitForURL(/\/temary\/create\/[1-9]\d*$/);
    const temaryId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`Temario ${name} creado`).first().waitFor();
    // (the toolbar repeats the name as the page's h1: the head's own title is the one read)
    await page.getByTestId('view-title').filter({ hasText: name }).waitFor();
    const head = page.getByTestId('temary-head');
    assert((await text(head.getByTestId('temary-status'))) === 'Desarrollo', `the syllabus is ${await text(head.getByTestId('temary-status'))}`);
    assert((await text(head.getByTestId('view-category'))) === 'Categoría: B', `the head says ${await text(head.getByTestId('view-category'))}`);
    const tree = page.getByTestId('temary-tree');
    await tree.getByTestId('theme-empty').waitFor();

    // Two themes, each at the end.
    const addTheme = async (title, description, count) => {
      const themeForm = tree.getByRole('form', { name: 'Nuevo tema' });
      await themeForm.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(title);
      await themeForm.getByRole('textbox', { name: 'Descripción', exact: true }).fill(description);
      await themeForm.getByRole('button', { name: 'Añadir tema' }).click();
      await page.getByText(`Tema ${title} añadido`).first().waitFor();
      await head.getByTestId('view-themes').filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
    };
    const titles = async () => (await tree.getByTestId('theme-title').allTextContents()).map((t) => t.trim());
    const positions = async () => (await tree.getByTestId('position').allTextContents()).map((t) => t.trim());
    await addTheme(signs, 'Señales de los agentes, circunstanciales, verticales y marcas viales', 1);
    await addTheme(rules, 'Velocidad, adelantamientos, prioridad de paso', 2);
    assert(JSON.stringify(await titles()) === JSON.stringify([signs, rules]), `themes ${JSON.stringify(await titles())}`);
    assert(await tree.getByRole('button', { name: `Subir el tema ${signs}` }).isDisabled(), 'the first theme can move up');
    assert(await tree.getByRole('button', { name: `Bajar el tema ${rules}` }).isDisabled(), 'the last theme can move down');

    // The second moved up: first now, and the other second.
    await tree.getByRole('button', { name: `Subir el tema ${rules}` }).click();
    await tree.getByTestId('theme').first().getByTestId('theme-title').filter({ hasText: rules }).waitFor();
    assert(JSON.stringify(await titles()) === JSON.stringify([rules, signs]), `themes after the move ${JSON.stringify(await titles())}`);
    assert(JSON.stringify(await positions()) === JSON.stringify(['1', '2']), `positions after the move ${JSON.stringify(await positions())}`);
    assert(await tree.getByRole('button', { name: `Subir el tema ${rules}` }).isDisabled(), 'the moved theme can still move up');
    assert(!(await tree.getByRole('button', { name: `Subir el tema ${signs}` }).isDisabled()), 'the theme moved down cannot move up');

    // A subtheme of the theme now second: 2.1.
    await tree.getByRole('button', { name: `Añadir un subtema a ${signs}` }).click();
    const subthemeForm = tree.getByRole('form', { name: `Añadir un subtema a ${signs}` });
    await subthemeForm.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(subtitle);
    await subthemeForm.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Peligro, prioridad, prohibición, obligación e indicación');
    await subthemeForm.getByRole('button', { name: 'Añadir subtema', exact: true }).click();
    await page.getByText(`Subtema ${subtitle} añadido`).first().waitFor();
    await subthemeForm.waitFor({ state: 'detached' });
    const subthemes = tree.getByRole('list', { name: `Subtemas de ${signs}` });
    await subthemes.getByTestId('tree-subtheme').filter({ hasText: `2.1 ${subtitle}` }).waitFor();
    await head.getByTestId('view-subthemes').filter({ hasText: /^1$/ }).waitFor();
    assert((await tree.getByRole('list', { name: `Subtemas de ${rules}` }).count()) === 0, 'the theme moved up shows subthemes');
    await shot('97-temary-tree');

    // The subtheme's page: where it stands.
    await subthemes.getByRole('link', { name: subtitle, exact: true }).click();
    await page.waitForURL(/\/temary\/subtheme\/create\/[1-9]\d*\/[1-9]\d*\/[1-9]\d*$/);
    const [subthemeId, themeId, temaryInPath] = new URL(page.url()).pathname.split('/').slice(-3).map(Number);
    assert(temaryInPath === temaryId, `the subtheme's address names syllabus ${temaryInPath}, not ${temaryId}`);
    await page.getByTestId('view-title').filter({ hasText: subtitle }).waitFor();
    assert((await text(page.getByTestId('view-position'))) === 'Subtema 2.1', `the subtheme is ${await text(page.getByTestId('view-position'))}`);
    await page.getByTestId('trail').getByRole('link', { name: `Tema 2: ${signs}`, exact: true }).waitFor();
    await page.getByTestId('trail').getByRole('link', { name, exact: true }).waitFor();

    // A section, its content on two lines.
    const sections = page.getByTestId('subtheme-sections');
    const sectionForm = sections.getByRole('form', { name: 'Nueva sección' });
    await sectionForm.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(sectionTitle);
    await sectionForm.getByRole('textbox', { name: 'Contenido', exact: true }).fill(sectionContent);
    await sectionForm.getByRole('button', { name: 'Añadir sección' }).click();
    await page.getByText(`Sección ${sectionTitle} añadida`).first().waitFor();
    const section = sections.getByRole('list', { name: 'Secciones del subtema' }).getByTestId('section').filter({ hasText: sectionTitle });
    await section.waitFor();
    assert((await section.getByTestId('section-content').textContent()) === sectionContent, `the section shows ${JSON.stringify(await section.getByTestId('section-content').textContent())}`);
    await page.getByTestId('view-sections').filter({ hasText: /^1$/ }).waitFor();

    // A sheet: the PDF, no title (the file's name), a description.
    const sheets = page.getByTestId('subtheme-sheets');
    await sheets.getByTestId('sheet-empty').waitFor();
    const sheetForm = sheets.getByRole('form', { name: 'Nueva ficha' });
    await sheetForm.getByLabel(/^Archivo( \*)?$/).setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: pdf });
    await sheetForm.getByRole('textbox', { name: 'Descripción', exact: true }).fill(sheetDescription);
    const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/temary/subtheme/sheet/upload');
    await sheetForm.getByRole('button', { name: 'Subir ficha' }).click();
    const upload = await (await uploaded).json();
    assert(
      upload.success &&
        upload.data.subtheme_id === subthemeId &&
        upload.data.position === 1 &&
        upload.data.title === pdfName &&
        upload.data.description === sheetDescription &&
        upload.data.content_type === 'application/pdf' &&
        upload.data.size === pdf.length &&
        upload.data.file_id,
      `temary/subtheme/sheet/upload answered ${JSON.stringify(upload)}`,
    );
    await page.getByText(`Ficha ${pdfName} subida`).first().waitFor();
    const sheet = sheets.getByRole('list', { name: 'Fichas del subtema' }).getByTestId('sheet');
    await sheet.getByTestId('sheet-title').filter({ hasText: pdfName }).waitFor();
    assert((await sheet.count()) === 1, `${await sheet.count()} sheets listed`);
    assert((await text(sheet.getByTestId('sheet-size'))) === `${pdf.length} B`, `the sheet's size ${await text(sheet.getByTestId('sheet-size'))}, expected ${pdf.length} B`);
    assert((await text(sheet.getByTestId('sheet-description'))) === sheetDescription, `the sheet's description ${await text(sheet.getByTestId('sheet-description'))}`);
    // the form starts again, empty
    assert((await sheetForm.getByLabel(/^Archivo( \*)?$/).inputValue()) === '', 'the upload form keeps the file');
    // its link serves the file uploaded
    const href = await sheet.getByRole('link', { name: `Abrir la ficha ${pdfName}` }).getAttribute('href');
    const served = await page.evaluate(async (href) => {
      const response = await fetch(href);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, length: bytes.length, head: new TextDecoder().decode(bytes.slice(0, 5)) };
    }, href);
    assert(served.status === 200 && served.length === pdf.length && served.head === '%PDF-', `the sheet's link ${href} served ${JSON.stringify(served)}`);
    await shot('98-temary-subtheme-sheet');

    // What the host stored.
    const stored = await api(page, 'GET', `temary/read/${temaryId}`);
    assert(stored.name === name && stored.category === 'B' && stored.status === 'developing', `stored syllabus ${JSON.stringify({ name: stored.name, category: stored.category, status: stored.status })}`);
    const storedTree = stored.themes.map((t) => [t.title, t.position, t.subthemes.map((s) => [s.id, s.title, s.position])]);
    assert(
      JSON.stringify(storedTree) ===
        JSON.stringify([
          [rules, 1, []],
          [signs, 2, [[subthemeId, subtitle, 1]]],
        ]) && stored.themes[1].id === themeId,
      `stored tree ${JSON.stringify(storedTree)}`,
    );
    const subtheme = await api(page, 'GET', `temary/subtheme/read/${subthemeId}`);
    assert(subtheme.temary_id === temaryId && subtheme.theme.id === themeId && subtheme.theme.position === 2, `stored subtheme's place ${JSON.stringify({ temary_id: subtheme.temary_id, theme: subtheme.theme })}`);
    const sectionFields = subtheme.sections.map((s) => [s.title, s.content, s.position]);
    assert(JSON.stringify(sectionFields) === JSON.stringify([[sectionTitle, sectionContent, 1]]), `stored sections ${JSON.stringify(sectionFields)}`);
    const sheetFields = subtheme.sheets.map((s) => [s.id, s.title, s.description, s.position, s.content_type, s.size, s.file_id]);
    assert(
      JSON.stringify(sheetFields) === JSON.stringify([[upload.data.id, pdfName, sheetDescription, 1, 'application/pdf', pdf.length, upload.data.file_id]]) && subtheme.videos.length === 0,
      `stored sheets ${JSON.stringify(sheetFields)}, videos ${JSON.stringify(subtheme.videos)}`,
    );

    // The list of syllabi: with its two themes.
    await menu(page).getByRole('link', { name: 'Temarios', exact: true }).click();
    await page.waitForURL('**/temary/list');
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill(name);
    await search.press('Enter');
    const row = page.getByRole('table', { name: 'Temarios' }).getByRole('row').filter({ hasText: name });
    await row.getByTestId('temary-themes').filter({ hasText: /^2$/ }).waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    assert(cells[0] === name && cells[1] === 'B' && cells[2] === 'Desarrollo', `the syllabus's row ${JSON.stringify(cells)}`);
  });
}
