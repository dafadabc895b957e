// Billing journeys: the billing plugin's remote loaded by the shell at run time.
//   8. the director creates a series if there is none, a budget for a contact, bills it (asked
//      twice), gets the invoice with the series' next number, registers a partial payment, is
//      refused an overpayment, registers the final one (nothing outstanding), sees both in the
//      contact's cash flow and the chart, and downloads the PDF (its text read with pdftotext)
//      and the Facturae 3.2.2 XML, both with the right totals, and mails it with the PDF attached.
//   9. the director switches the Canarias tax region on (its IGIC rates become usable on new
//      lines) and off again.
// They need the host to have installed the contacts and billing packages (`volante demo` with
// plugins.registry_dir); without them they are reported as skipped, with the reason.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, assert, outboxFiles } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** The text of a PDF, read by poppler's pdftotext. */
function pdfText(file) {
  const out = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  if (out.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${out.error.message}`);
  assert(out.status === 0, `pdftotext failed: ${out.stderr}`);
  return out.stdout;
}

/** Click `button` and save what it downloads; answers the file's path and suggested name. */
async function download(page, button, dir) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { path, name: file.suggestedFilename() };
}

const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
const euros = (s) => s.replace(/\u00a0/g, ' ');

export async function billingJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('billing') || !modules.includes('contacts')) {
    skip(['billing-budget-billed-paid-exported', 'billing-tax-region-canarias-on-and-off'], `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the contacts and billing packages`);
    return;
  }

  await journey(browser, 'billing-budget-billed-paid-exported', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'volante-e2e-downloads-'));
    try {
      const stamp = Date.now().toString(36).slice(-4);
      // The client: a contact of the contacts plugin (its own journeys create contacts through the UI).
      const contact = await api(page, 'POST', 'contact/create', {
        type: 'P', first_name: 'Marta', last_name: `Cobros${stamp}`, second_last_name: 'Gil', fiscal_code: '54362315K',
        email: `marta.${stamp}@example.es`, street: 'Av. de la Paz 3', city: 'Sevilla', province_id: 41, postal_code: '41001',
      });
      const clientName = `Marta Cobros${stamp} Gil`;
      // Today as the host dates documents and payments (Europe/Madrid).
      const [year, monthNumber] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(new Date()).split('-');

      // A series, created on its screen if the school has none.
      await menu(page).getByRole('link', { name: 'Series de facturación' }).click();
      await page.waitForURL('**/sales/billing/list/invoice');
      await page.getByRole('table', { name: 'Series de facturación' }).waitFor();
      let series = (await api(page, 'GET', 'sales/billing/read')).filter((s) => s.state === 'active' && !s.simplified && s.issuer_tax_code);
      if (series.length === 0) {
        await page.getByRole('link', { name: 'Nueva serie' }).click();
        const form = page.getByRole('form', { name: 'Datos de la serie' });
        await form.getByRole('textbox', { name: 'Código', exact: true }).fill('A');
        await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('General');
        await form.getByRole('textbox', { name: 'NIF del emisor' }).fill('B58378431');
        await form.getByRole('textbox', { name: 'Razón social del emisor' }).fill('Autoescuela Demo S.L.');
        await form.getByRole('textbox', { name: 'Dirección' }).fill('Calle Mayor 1');
        await form.getByRole('textbox', { name: 'Código postal' }).fill('28013');
        await form.getByRole('textbox', { name: 'Localidad' }).fill('Madrid');
        await form.getByRole('combobox', { name: 'Provincia' }).selectOption({ label: 'Madrid' });
        await shot('20-series-new');
        await page.getByRole('button', { name: 'Crear serie' }).click();
        await page.getByText('Serie A creada').waitFor();
        await page.waitForURL(/\/sales\/billing\/view\/invoice\/\d+$/);
        series = (await api(page, 'GET', 'sales/billing/read')).filter((s) => s.state === 'active' && !s.simplified && s.issuer_tax_code);
        assert(series.length === 1 && series[0].code === 'A', `the series was not created: ${JSON.stringify(series)}`);
      }
      const [first] = series.sort((a, b) => a.code.localeCompare(b.code));
      const expectedReference = `${first.code}${year}/${String(first.next_invoice).padStart(6, '0')}`;

      // A budget for the contact: found with the contacts finder, two lines, live totals.
      await menu(page).getByRole('link', { name: 'Presupuestos' }).click();
      await page.waitForURL('**/budget/list');
      await page.getByRole('link', { name: 'Nuevo presupuesto' }).click();
      await page.waitForURL(/\/budget\/new\//);
      const editor = page.getByRole('form', { name: 'Presupuesto' });
      await editor.getByRole('combobox', { name: 'Serie' }).selectOption(String(first.id));
      const picker = editor.getByTestId('contact-picker');
      await picker.getByRole('searchbox').fill(`cobros${stamp}`);
      await picker.getByRole('searchbox').press('Enter');
      await picker.getByRole('button', { name: new RegExp(clientName) }).click();
      await picker.getByTestId('contact-chosen').filter({ hasText: clientName }).waitFor();
      await editor.getByLabel('Concepto de la línea 1').fill('Matrícula');
      await editor.getByLabel('Precio de la línea 1').fill('150');
      await editor.getByRole('button', { name: 'Añadir línea' }).click();
      await editor.getByLabel('Concepto de la línea 2').fill('Clase práctica');
      await editor.getByLabel('Precio de la línea 2').fill('30');
      await editor.getByLabel('Cantidad de la línea 2').fill('10');
      await editor.getByLabel('Tipo de descuento de la línea 2').selectOption('percent');
      await editor.getByLabel('Porcentaje de descuento de la línea 2').fill('10');
      const preview = editor.getByTestId('totals-preview');
      await preview.getByTestId('totals-total').filter({ hasText: '508,20' }).waitFor();
      assert(euros(await text(preview.getByTestId('totals-tax'))) === '88,20 €', 'the live VAT is not 88,20 €');
      await shot('21-budget-editor');
      await editor.getByRole('button', { name: 'Crear presupuesto' }).click();
      await page.waitForURL(/\/budget\/edit\/list\/\d+\/\d+\/\d+$/);
      const budgetReference = await text(page.getByTestId('budget-reference'));
      assert(budgetReference.startsWith(`P${first.code}${year}/`), `unexpected budget number ${budgetReference}`);
      // the server's totals are shown after saving
      const budgetId = Number(page.url().split('/').at(-2));
      const storedBudget = await api(page, 'GET', `budget/read/${budgetId}`);
      assert(storedBudget.total === 50820 && storedBudget.contact_id === contact.id, `stored budget: ${JSON.stringify(storedBudget)}`);

      // Bill it: the first confirmation alone does nothing; the second bills it.
      const invoicesBefore = (await api(page, 'POST', 'invoice/readall', { state: 'all' })).total;
      await page.getByRole('button', { name: 'Facturar presupuesto' }).click();
      let dialog = page.getByRole('alertdialog');
      await dialog.getByRole('heading', { name: 'Facturar el presupuesto' }).waitFor();
      await dialog.getByRole('button', { name: 'Facturar presupuesto' }).click();
      await dialog.getByRole('heading', { name: 'Confirme de nuevo' }).waitFor();
      assert((await api(page, 'POST', 'invoice/readall', { state: 'all' })).total === invoicesBefore, 'an invoice was created before the second confirmation');
      await shot('22-bill-second-confirmation');
      await dialog.getByRole('button', { name: 'Sí, facturar' }).click();
      await page.waitForURL(/\/invoice\/edit\/budget\/\d+\/\d+\/\d+$/);

      // The invoice, with the series' next number, the contact and the totals.
      const reference = await text(page.getByTestId('invoice-reference'));
      assert(reference === expectedReference, `the invoice is numbered ${reference}, expected ${expectedReference}`);
      await page.getByTestId('doc-state').filter({ hasText: 'Emitida' }).waitFor();
      await page.getByTestId('doc-contact').filter({ hasText: clientName }).waitFor();
      assert(euros(await text(page.getByTestId('totals').getByTestId('totals-total'))) === '508,20 €', 'the invoice total is not 508,20 €');
      const outstanding = page.getByTestId('outstanding');
      assert(euros(await text(outstanding)) === '508,20 €', 'the invoice should owe 508,20 €');
      assert((await api(page, 'GET', `budget/read/${budgetId}`)).state === 'billed', 'the budget is not billed');

      // A partial payment, an overpayment refused with the host's error, the final payment.
      const payments = page.getByTestId('payments');
      await payments.getByRole('textbox', { name: 'Importe' }).fill('200');
      await payments.getByRole('combobox', { name: 'Forma de pago' }).selectOption({ label: 'Efectivo' });
      await payments.getByRole('button', { name: 'Registrar cobro' }).click();
      await outstanding.filter({ hasText: '308,20' }).waitFor();
      await payments.getByRole('textbox', { name: 'Importe' }).fill('400');
      await payments.getByRole('button', { name: 'Registrar cobro' }).click();
      await payments.getByTestId('payment-errors').filter({ hasText: 'El pago supera el importe pendiente de la factura' }).waitFor();
      assert(euros(await text(outstanding)) === '308,20 €', 'a refused payment changed the outstanding amount');
      await payments.getByRole('textbox', { name: 'Importe' }).fill('308,20');
      await payments.getByRole('combobox', { name: 'Forma de pago' }).selectOption({ label: 'Tarjeta' });
      await payments.getByRole('button', { name: 'Registrar cobro' }).click();
      await outstanding.filter({ hasText: '0,00' }).waitFor();
      await payments.getByTestId('paid-in-full').waitFor();
      assert((await payments.getByTestId('payment').count()) === 2, 'two payments should be listed');
      await shot('23-invoice-paid');

      // The PDF: its text read back with pdftotext.
      const pdf = await download(page, page.getByRole('button', { name: 'Descargar PDF' }), downloads);
      assert(readFileSync(pdf.path).subarray(0, 8).toString() === '%PDF-1.4', `${pdf.name} is not a PDF`);
      const pdfBody = pdfText(pdf.path);
      for (const needle of ['FACTURA', reference, clientName, '54362315K', 'Matrícula', 'Clase práctica', '420,00 €', '88,20 €', '508,20 €', 'Factura verificable en la sede electrónica de la AEAT']) {
        assert(pdfBody.includes(needle), `the PDF lacks "${needle}":\n${pdfBody}`);
      }

      // The Facturae 3.2.2 XML with the same totals, paid in full.
      const xml = await download(page, page.getByRole('button', { name: 'Descargar XML' }), downloads);
      const xmlBody = readFileSync(xml.path, 'utf8');
      for (const needle of [
        'Facturaev3_2_2.xml', '<SchemaVersion>3.2.2</SchemaVersion>', `<InvoiceSeriesCode>${first.code}${year}</InvoiceSeriesCode>`,
        `<InvoiceNumber>${reference.split('/')[1]}</InvoiceNumber>`, '<TotalGrossAmountBeforeTaxes>420.00</TotalGrossAmountBeforeTaxes>',
        '<TotalTaxOutputs>88.20</TotalTaxOutputs>', '<InvoiceTotal>508.20</InvoiceTotal>', '<TotalOutstandingAmount>0.00</TotalOutstandingAmount>',
        '<TaxIdentificationNumber>54362315K</TaxIdentificationNumber>',
      ]) {
        assert(xmlBody.includes(needle), `the XML (${xml.name}) lacks ${needle}:\n${xmlBody}`);
      }

      // By e-mail to the contact, with the PDF attached (the demo host writes mail to its outbox).
      const sentBefore = outboxFiles(host.dataDir);
      await page.getByRole('button', { name: 'Enviar por correo' }).click();
      const mailForm = page.getByRole('form', { name: 'Enviar por correo' });
      const email = await mailForm.getByRole('textbox', { name: 'Destinatarios' }).inputValue();
      assert(email === `marta.${stamp}@example.es`, `the e-mail goes to ${email}`);
      await mailForm.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText(`Enviado a ${email}`).waitFor();
      const mail = outboxFiles(host.dataDir)
        .filter((file) => !sentBefore.includes(file))
        .map((file) => readFileSync(file, 'utf8'))
        .find((raw) => raw.includes(email));
      assert(mail?.includes('application/pdf') && mail.includes(`factura-${reference.replace('/', '-')}.pdf`), `no mail to ${email} with the invoice's PDF`);

      // The print view shows the document alone.
      await page.getByRole('button', { name: 'Imprimir' }).click();
      await page.getByTestId('print-view').getByTestId('doc-reference').filter({ hasText: reference }).waitFor();
      await shot('24-invoice-print-view');
      await page.getByRole('button', { name: 'Cerrar la vista de impresión' }).click();

      // The contact's cash flow and the chart show both payments.
      await page.getByRole('link', { name: 'Flujo de caja del cliente' }).click();
      await page.waitForURL(/\/sales\/cashflow\/list\?contact_id=\d+$/);
      const flow = page.getByTestId('contact-cashflow');
      await flow.getByTestId('contact-outstanding').filter({ hasText: '0,00' }).waitFor();
      const paid = await flow.locator('[data-testid="contact-movement"][data-kind="payment"]').evaluateAll((rows) => rows.map((r) => Number(r.dataset.amount)));
      assert(JSON.stringify(paid.sort((a, b) => a - b)) === JSON.stringify([20000, 30820]), `the contact's payments are ${JSON.stringify(paid)}`);
      const chart = page.getByTestId('cashflow-chart');
      const month = `${monthNumber}/${year}`;
      const incomeBar = chart.locator(`[data-series="Entradas"] rect[data-label="${month}"]`);
      await incomeBar.waitFor();
      const income = Number(await chart.getByTestId('cashflow-income').getAttribute('data-cents'));
      assert(income === 50820, `the chart's income is ${income} cents, expected 50820`);
      assert(Number(await incomeBar.getAttribute('data-value')) === 50820, `this month's income bar is ${await incomeBar.getAttribute('data-value')}`);
      assert(Number(await incomeBar.getAttribute('height')) > 0, 'the income bar has no height');
      await shot('25-cashflow-chart');

      // A ticket at the counter: issued and paid in one call, listed on the cash flow page.
      if (!(await api(page, 'GET', 'sales/billing/read')).some((s) => s.state === 'active' && s.simplified)) {
        await api(page, 'POST', 'sales/billing/create', { code: 'T', name: 'Tickets', simplified: true, issuer_tax_code: 'B58378431' });
      }
      const iva21 = (await api(page, 'GET', 'tax/read')).find((t) => t.state === 'active' && t.rate === 2100 && t.region_active !== false);
      assert(iva21, 'the school has no active 21 % tax');
      await page.reload();
      const tickets = page.getByTestId('tickets');
      const ticketForm = tickets.getByRole('form', { name: 'Nuevo ticket' });
      await ticketForm.getByRole('textbox', { name: 'Concepto' }).fill(`Clase suelta ${stamp}`);
      await ticketForm.getByRole('textbox', { name: 'Precio sin impuestos' }).fill('30');
      await ticketForm.getByRole('combobox', { name: 'Impuesto' }).selectOption(String(iva21.id));
      await ticketForm.getByRole('combobox', { name: 'Forma de pago' }).selectOption('card');
      await ticketForm.getByTestId('ticket-total').filter({ hasText: '36,30' }).waitFor();
      await ticketForm.getByRole('button', { name: 'Emitir y cobrar' }).click();
      const issuedToast = page.getByText(/^Ticket \S+ emitido y cobrado$/);
      await issuedToast.waitFor();
      const ticketReference = (await issuedToast.textContent()).match(/^Ticket (\S+) emitido/)[1];
      await tickets.getByRole('link', { name: ticketReference, exact: true }).waitFor();
      await shot('26-cashflow-ticket');
      const [issuedTicket] = (await api(page, 'POST', 'ticket/readall', { search: ticketReference, page: 1, per_page: 5 })).items;
      assert(issuedTicket?.total === 3630 && issuedTicket.paid === 3630 && issuedTicket.invoice_type === 'F2', `the ticket is ${JSON.stringify(issuedTicket)}`);

      // The invoice list has it: issued, paid, nothing outstanding.
      await menu(page).getByRole('link', { name: 'Facturas' }).click();
      await page.waitForURL('**/invoice/list');
      const row = page.getByRole('table', { name: 'Facturas' }).getByRole('row').filter({ has: page.getByRole('link', { name: reference, exact: true }) });
      await row.getByTestId('doc-state').filter({ hasText: 'Emitida' }).waitFor();
      const cells = (await row.getByRole('cell').allTextContents()).map(euros);
      assert(cells.includes(clientName) && cells.includes('508,20 €') && cells.includes('0,00 €'), `the list row is ${JSON.stringify(cells)}`);
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });

  await journey(browser, 'billing-tax-region-canarias-on-and-off', async () => {
    await menu(page).getByRole('link', { name: 'Impuestos' }).click();
    await page.waitForURL('**/tax/list');
    const canarias = page.getByRole('switch', { name: 'Región Canarias (IGIC)' });
    const igicUsable = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'IGIC 7 %', exact: true }) }).getByTestId('tax-usable');
    assert(!(await canarias.isChecked()), 'Canarias should start switched off');
    await igicUsable.filter({ hasText: /^Inactivo$/ }).waitFor();
    await canarias.click();
    await page.getByText('Canarias (IGIC) activada').waitFor();
    await igicUsable.filter({ hasText: /^Activo$/ }).waitFor();
    const regions = await api(page, 'GET', 'tax/region');
    assert(regions.find((r) => r.code === 'canarias')?.active === true, `the host's regions: ${JSON.stringify(regions)}`);
    // a new line may now take IGIC 7 %
    await page.goto(`${host.base}/budget/new/list/0/0/0`);
    const taxes = page.getByRole('form', { name: 'Presupuesto' }).getByRole('combobox', { name: 'Impuesto de la línea 1' });
    await taxes.waitFor();
    const offered = await taxes.locator('option').allTextContents();
    assert(offered.includes('IGIC 7 %'), `IGIC 7 % is not offered with Canarias on: ${JSON.stringify(offered)}`);
    await shot('26-tax-canarias-on');
    await menu(page).getByRole('link', { name: 'Impuestos' }).click();
    await canarias.click();
    await page.getByText('Canarias (IGIC) desactivada').waitFor();
    await igicUsable.filter({ hasText: /^Inactivo$/ }).waitFor();
  });
}
