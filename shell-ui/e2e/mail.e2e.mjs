// Mail layouts journey: the host's own screens in the shell.
//  34. the director opens "Plantillas de correo", creates a layout (the school's first becomes its
//      default), fills in the sender name, reply-to, header and footer watching the preview, is
//      refused a reply-to that is not an address (the host's message under the field), saves; a
//      contacts plugin message to a contact then leaves dressed in it (sender name on the host's
//      address, Reply-To, header and footer around the text, read from the outbox); the layout
//      is deleted from its screen, the delivery log below the layouts lists the message as sent,
//      and the next message leaves plain again.
// Runs last: while the layout is the default it dresses every module's mail. The contacts part
// needs the host to have installed the contacts package; without it the journey is skipped.
import { api, assert, emlText, outboxFiles } from './harness.mjs';
import { readFileSync } from 'node:fs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** The new mail to `email` (among the outbox's files not in `before`): its headers and text. */
async function mailTo(dataDir, before, email) {
  for (let i = 0; i < 100; i++) {
    for (const file of outboxFiles(dataDir).filter((f) => !before.includes(f))) {
      const raw = readFileSync(file, 'utf8');
      const split = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, split).replace(/\r?\n\s+/g, ' ');
      if (!new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers)) continue;
      const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
      return { from: header('From'), replyTo: header('Reply-To'), text: emlText(raw).replace(/\r\n/g, '\n').trimEnd() };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} in the outbox`);
}

export async function mailJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('contacts')) {
    skip(['director-dresses-the-school-mail'], `GET plugin/modules lists no contacts module (${JSON.stringify(modules)})`);
    return;
  }
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-dresses-the-school-mail', async () => {
    const name = `General ${stamp}`;
    const email = `pablo.${stamp.toLowerCase()}@example.es`;
    const contact = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Pablo', last_name: `Avisos${stamp}`, email });
    const existing = (await api(page, 'GET', 'mail/layout/read')).items;
    assert(!existing.some((l) => l.is_default), `the demo school already has a default layout: ${JSON.stringify(existing)}`);

    // The list, from the menu; a new layout opens on its own screen.
    await menu(page).getByRole('link', { name: 'Plantillas de correo', exact: true }).click();
    await page.waitForURL('**/mail/layout/list');
    await page.getByRole('button', { name: 'Nueva plantilla' }).click();
    await page.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(name);
    await page.getByRole('button', { name: 'Crear plantilla' }).click();
    await page.waitForURL(/\/mail\/layout\/view\/[1-9]\d*$/);
    await page.getByText(`Plantilla «${name}» creada`).first().waitFor();
    await page.getByText('Es la plantilla que viste los correos de la autoescuela').waitFor();

    // Its fields, with the preview following them.
    const form = page.getByRole('form', { name: 'Datos de la plantilla' });
    await form.getByRole('textbox', { name: 'Nombre del remitente' }).fill('Autoescuela Demo');
    await form.getByRole('textbox', { name: 'Responder a' }).fill('secretaria en autoescuela');
    await form.getByRole('textbox', { name: 'Cabecera' }).fill('AUTOESCUELA DEMO · Secretaría');
    await form.getByRole('textbox', { name: 'Pie' }).fill('C/ Mayor 1, 28013 Madrid\nTus datos se tratan conforme al RGPD.');
    await page.getByTestId('mail-preview-from').filter({ hasText: 'De: Autoescuela Demo' }).waitFor();
    const preview = await page.getByTestId('mail-preview-text').innerText();
    assert(preview.startsWith('AUTOESCUELA DEMO · Secretaría\n\nHola Ana:') && preview.includes('\n-- \nC/ Mayor 1, 28013 Madrid'), `preview: ${preview}`);

    // The host refuses the reply-to; fixed, it saves.
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Introduzca un correo electrónico válido').waitFor();
    await form.getByRole('textbox', { name: 'Responder a' }).fill('secretaria@autoescuela-demo.es');
    await page.getByTestId('mail-preview-reply-to').filter({ hasText: 'Responder a: secretaria@autoescuela-demo.es' }).waitFor();
    await shot('95-mail-layout');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Plantilla guardada').first().waitFor();
    const layoutId = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await api(page, 'GET', `mail/layout/read?layout_id=${layoutId}`);
    assert(stored.is_default && stored.reply_to === 'secretaria@autoescuela-demo.es' && stored.footer.endsWith('RGPD.'), JSON.stringify(stored));

    // A module's message leaves dressed.
    let before = outboxFiles(host.dataDir);
    await api(page, 'POST', 'contact/notification', { id: contact.id, subject: `Aviso ${stamp}`, message: 'Mañana no hay clases prácticas.' });
    const dressed = await mailTo(host.dataDir, before, email);
    assert(/^"?Autoescuela Demo"? </.test(dressed.from), `From: ${dressed.from}`);
    assert(dressed.replyTo === 'secretaria@autoescuela-demo.es', `Reply-To: ${dressed.replyTo}`);
    const expected = 'AUTOESCUELA DEMO · Secretaría\n\nMañana no hay clases prácticas.\n\n-- \nC/ Mayor 1, 28013 Madrid\nTus datos se tratan conforme al RGPD.';
    assert(dressed.text === expected, `text: ${JSON.stringify(dressed.text)}`);

    // Deleted from its screen (it is the default: the confirmation says so); mail is plain again.
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Es la predeterminada').waitFor();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.waitForURL('**/mail/layout/list');
    await page.getByText(`Plantilla «${name}» eliminada`).first().waitFor();
    // The delivery log below lists the message as sent, by the contacts module.
    const deliveries = page.getByRole('table', { name: 'Envíos de correo' });
    const sentRow = deliveries.getByRole('row').filter({ hasText: `Aviso ${stamp}` });
    await sentRow.filter({ hasText: 'Enviado' }).filter({ hasText: 'contacts' }).filter({ hasText: email }).waitFor();
    assert((await sentRow.getByRole('button', { name: 'Reintentar' }).count()) === 0, 'a sent message offers a retry');
    before = outboxFiles(host.dataDir);
    await api(page, 'POST', 'contact/notification', { id: contact.id, subject: `Aviso ${stamp} 2`, message: 'Ya hay clases.' });
    const plain = await mailTo(host.dataDir, before, email);
    assert(plain.text === 'Ya hay clases.' && !plain.replyTo && !plain.from.includes('Autoescuela Demo'), JSON.stringify(plain));
  });
}
