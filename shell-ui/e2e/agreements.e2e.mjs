// Agreements journey: the agreements plugin's remote loaded by the shell, and its public signing
// page opened without a session.
//  24. the director opens "Acuerdos", creates an agreement uploading a one-page PDF (made here;
//      it goes up through the plugin's `agreement/file/upload`, answered as a `pdf`), places the
//      signer's name and document (typed in percent) and the signature (a click in the
//      page box), and requests a signature for a new signer by name; the link's address is read
//      from "Copiar enlace". A fresh browser without a session opens it: the public layout (no
//      sign-in, no back-office menu), the agreement and its form; the signer gives the name and
//      the DNI, draws on the pad with the mouse and signs: "Acuerdo firmado" with the signed PDF.
//      Back in the director's page the request is "Firmado", and the host stored the signer and
//      the signed PDF
// It needs the host to have installed the agreements package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Names are unique
// per run.
import { join } from 'node:path';
import { api, artifacts, assert, launchChromium } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/**
 * A valid one-page A4 PDF with `title` written at the top (Helvetica, ASCII only): five objects
 * and a cross-reference table with their byte offsets.
 */
export function onePagePdf(title) {
  const content = `BT /F1 18 Tf 72 770 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A percentage as the editor shows it (`12,5`) as a number. */
const percent = (text) => Number(text.replace(',', '.'));

export async function agreementsJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('agreements')) {
    skip(
      ['agreement-signed-through-its-public-link'],
      `GET plugin/modules lists no agreements module (${JSON.stringify(modules)}): the host has not installed the agreements package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'agreement-signed-through-its-public-link', async () => {
    const name = `Contrato E2E ${stamp}`;
    const signer = `Firmante E2E ${stamp}`;
    const pdfName = `contrato-e2e-${stamp.toLowerCase()}.pdf`;

    // A new agreement with its PDF.
    await menu(page).getByRole('link', { name: 'Acuerdos', exact: true }).click();
    await page.waitForURL('**/agreement/list');
    await page.getByRole('table', { name: 'Acuerdos' }).waitFor();
    await page.getByRole('link', { name: 'Nuevo acuerdo' }).click();
    await page.waitForURL('**/agreement/view/0');
    const form = page.getByRole('form', { name: 'Nuevo acuerdo' });
    await form.getByRole('combobox', { name: /^Tipo( \*)?$/ }).selectOption({ label: 'Contrato de matrícula' });
    await form.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(name);
    await form.getByRole('textbox', { name: /^Descripción( \*)?$/ }).fill('Contrato de enseñanza del permiso B');
    // through the plugin's upload route (the agreement permission is enough, not the document manager's)
    const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/agreement/file/upload');
    await form.getByLabel('Subir PDF').setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: onePagePdf(`CONTRATO DE ENSENANZA ${stamp}`) });
    const upload = await (await uploaded).json();
    assert(upload.success && upload.data.kind === 'pdf' && upload.data.name === pdfName && upload.data.file_id, `agreement/file/upload answered ${JSON.stringify(upload)}`);
    await form.getByTestId('pdf-link').filter({ hasText: pdfName }).waitFor();

    // The variables: name and document typed in percent, the signature placed with a click.
    await form.getByRole('tab', { name: /^Variables/ }).click();
    await form.getByTestId('pdf-pages').filter({ hasText: 'El PDF tiene 1 página' }).waitFor();
    const rows = form.getByTestId('placement');
    const place = async (index, variable, x, y) => {
      await form.getByRole('button', { name: 'Añadir variable' }).click();
      const row = rows.nth(index);
      await row.getByRole('combobox', { name: 'Variable', exact: true }).selectOption({ label: variable });
      if (x !== undefined) await row.getByRole('textbox', { name: 'X (%)' }).fill(x);
      if (y !== undefined) await row.getByRole('textbox', { name: 'Y (%)' }).fill(y);
      return row;
    };
    await place(0, 'Nombre del firmante', '12,5', '20');
    await place(1, 'DNI o NIE del firmante', '12,5', '25');
    const signatureRow = await place(2, 'Firma');
    await signatureRow.getByRole('textbox', { name: 'Ancho (%)' }).fill('30');
    // the new row is the selected one: a click in the page box puts it there
    await form.getByTestId('page-box').scrollIntoViewIfNeeded();
    const box = await form.getByTestId('page-box').boundingBox();
    assert(box && box.width > 0, 'the page box is not drawn');
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.75);
    const at = async (label) => percent(await signatureRow.getByRole('textbox', { name: label }).inputValue());
    assert(Math.abs((await at('X (%)')) - 55) <= 0.6 && Math.abs((await at('Y (%)')) - 75) <= 0.6, `the click placed the signature at ${await at('X (%)')} %, ${await at('Y (%)')} %`);
    assert((await form.getByTestId('page-box').getByTestId('page-marker').count()) === 3, 'the page box does not show the three placements');
    await shot('90-agreements-placements');
    await form.getByRole('button', { name: 'Crear acuerdo' }).click();
    await page.waitForURL(/\/agreement\/view\/[1-9]\d*$/);
    const agreementId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`Acuerdo ${name} creado`).first().waitFor();
    const stored = await api(page, 'GET', `agreement/read/${agreementId}`);
    const vars = stored.variables.map((v) => [v.variable, v.page, v.x, v.y]);
    assert(
      stored.name === name && stored.pdf_file_id && vars.length === 3 && JSON.stringify(vars.slice(0, 2)) === JSON.stringify([['name', 1, 0.125, 0.2], ['document', 1, 0.125, 0.25]]),
      `stored agreement ${JSON.stringify(stored)}`,
    );
    assert(vars[2][0] === 'signature' && Math.abs(vars[2][2] - 0.55) < 0.01 && Math.abs(vars[2][3] - 0.75) < 0.01 && Math.abs(stored.variables[2].width - 0.3) < 1e-6, `stored signature ${JSON.stringify(stored.variables[2])}`);

    // A signature request for a new signer, by name; its link read from "Copiar enlace".
    await page.getByRole('button', { name: 'Solicitar firma' }).click();
    const dialog = page.getByRole('dialog', { name: `Solicitar firma: ${name}` });
    await dialog.getByRole('textbox', { name: /^Nombre del firmante( \*)?$/ }).fill(signer);
    await dialog.getByRole('button', { name: 'Solicitar firma' }).click();
    await dialog.waitFor({ state: 'detached' });
    const requests = page.getByRole('table', { name: 'Solicitudes de firma del acuerdo' });
    const row = requests.getByRole('row').filter({ hasText: signer });
    await row.getByTestId('request-status').filter({ hasText: 'Pendiente' }).waitFor();
    await row.getByRole('button', { name: `Copiar el enlace de firma de ${signer}` }).click();
    const toast = await page.getByText(/^(Enlace copiado|Copie el enlace): /).first().textContent();
    const url = new URL(toast.replace(/^[^:]+: /, '').trim());
    assert(url.origin === host.base && /^\/agreement\/sign\/[\w-]+$/.test(url.pathname), `the link ${url.href}`);
    assert((await row.getByTestId('request-link').getAttribute('href')) === url.href, 'the row links another address');
    await shot('91-agreements-request');

    // The signer, in a browser without a session.
    const visitorContext = await launchChromium();
    try {
      const visitor = visitorContext.pages()[0] ?? (await visitorContext.newPage());
      const errors = [];
      visitor.on('pageerror', (error) => errors.push(error.message));
      await visitor.goto(`${host.base}${url.pathname}`);
      await visitor.getByTestId('sign-title').filter({ hasText: name }).waitFor();
      assert(new URL(visitor.url()).pathname === url.pathname, `the visitor was sent to ${visitor.url()}`);
      await visitor.getByTestId('public-layout').waitFor();
      assert((await visitor.getByRole('complementary', { name: 'Menú principal' }).count()) === 0, 'the public page shows the back-office menu');
      assert((await visitor.getByRole('heading', { name: 'Iniciar sesión' }).count()) === 0, 'the public page asks to sign in');
      const signForm = visitor.getByRole('form', { name: 'Sus datos y su firma' });
      await signForm.getByRole('textbox', { name: /^Nombre y apellidos( \*)?$/ }).fill(signer);
      await signForm.getByRole('textbox', { name: /^DNI o NIE( \*)?$/ }).fill('54362315K');
      await signForm.getByTestId('signature-pad').scrollIntoViewIfNeeded();
      const pad = await signForm.getByTestId('signature-pad').boundingBox();
      assert(pad && pad.width > 0, 'the signature pad is not drawn');
      await visitor.mouse.move(pad.x + pad.width * 0.1, pad.y + pad.height * 0.6);
      await visitor.mouse.down();
      for (const [fx, fy] of [[0.2, 0.3], [0.3, 0.7], [0.45, 0.35], [0.6, 0.65], [0.8, 0.4]]) {
        await visitor.mouse.move(pad.x + pad.width * fx, pad.y + pad.height * fy, { steps: 5 });
      }
      await visitor.mouse.up();
      await visitor.screenshot({ path: join(artifacts, '93-agreements-visitor-signs.png'), fullPage: true });
      await signForm.getByRole('button', { name: 'Firmar' }).click();
      await visitor.getByRole('heading', { name: 'Acuerdo firmado' }).waitFor();
      const download = await visitor.getByRole('link', { name: 'Descargar el acuerdo firmado' }).getAttribute('href');
      const head = await visitor.evaluate(async (href) => {
        const response = await fetch(href);
        return new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5));
      }, download);
      assert(head === '%PDF-', `the signed PDF starts with ${JSON.stringify(head)}`);
      assert(errors.length === 0, `errors in the signing page: ${errors.join(' | ')}`);
    } finally {
      await visitorContext.close();
    }

    // Back in the director's page: signed.
    await page.reload();
    const signedRow = page.getByRole('table', { name: 'Solicitudes de firma del acuerdo' }).getByRole('row').filter({ hasText: signer });
    await signedRow.getByTestId('request-status').filter({ hasText: 'Firmado' }).waitFor();
    await signedRow.getByTestId('request-signed-pdf').waitFor();
    await page.getByTestId('view-signed').filter({ hasText: /^1$/ }).waitFor();
    await shot('92-agreements-signed');
    const after = await api(page, 'GET', `agreement/read/${agreementId}`);
    const request = after.requests.find((r) => r.signer.name === signer);
    assert(request && request.status === 'signed' && request.signer.document === '54362315K' && request.signed_file_id, `stored request ${JSON.stringify(request)}`);
  });
}
