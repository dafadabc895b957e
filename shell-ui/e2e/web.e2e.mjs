// Online shop journey (the web plugin's screens in the shell).
//  35. the director generates the storefront's web-api key ("Claves y API"), configures the
//      Redsys gateway ("Pasarela de pago": a wrong merchant code refused under its field, then the
//      bank's test merchant), reads the notification address and has the sales invoiced on payment
//      in a billing series; a customer then buys a course
//      on the school's website (the storefront's calls with the key, from outside the browser):
//      the payment form's signature is checked with Node's crypto, an implementation independent
//      of the plugin's, and the bank's notification is signed with it and posted as a form; the
//      director finds the paid order in "Pedidos" (the "Pagado" chip), opens it, reads the
//      bank's authorisation and the invoice billing issued for it (paid in full), and marks it
//      configured with a note.
//  36. a customer uses their own area: the school's contact opens `/layout/contact/dashboard`
//      with the school's web-api key (as its web site links it), asks for access with her e-mail,
//      follows the link mailed to her, sees her name and counts, orders the course from
//      `order/create?product=` (the bank's page is intercepted: nothing leaves loopback; the form
//      posted to it carries the signed fields), finds the unpaid order in "Mis pedidos", reads
//      "Mis datos", and signs out: the link no longer opens the area.
//  40. a demo customer cannot renew: the director gives a trial product the process "Cliente en
//      modo demostración" on its "Procesos automáticos" tab; a customer takes the trial on the
//      website and the bank confirms it; the director sees "Demostración" on the order; in her
//      area (her own browser) the customer reads that her account is a demo one, and ordering a
//      renewal of the online tests is refused on its line, nothing sent to the bank; the director
//      sets her mode to "Matriculado" on the order, and the same renewal goes to the bank. Before,
//      the director writes the conditions of sale on "Textos legales"; the customer reads them from
//      the order form, and the renewal's order keeps that version.
//  41. the director makes a poster of a product ("Carteles"): the price and the QR code to the
//      product's order page in the customer area (with the shop's key); the headline typed shows
//      on the preview and is saved; printed, only the sheet shows. A visitor following the QR
//      code's address in a browser of their own buys the product without an account.
//  42. the director writes the school's news on "Blog": a post with a header image and a photo in
//      its gallery (uploaded through the kit's uploader), saved as a draft, then scheduled for a
//      future date ("Programar"), then published; a visitor (a browser of their own, with only
//      the shop's key) reads it on "Noticias", filters by its tag and opens it: the header and
//      the gallery's photo load without a session. Discarded, it leaves the visitor's page.
// Needs the host to have installed the web, products and billing packages; without them it is
// skipped.
import { join } from 'node:path';
import { api, artifacts, assert, dni, emlText, launchChromium, outboxFiles, waitForMail } from './harness.mjs';
import { createCipheriv, createHmac } from 'node:crypto';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** Redsys's public test merchant. */
const MERCHANT_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const MERCHANT_CODE = '999008881';

/** `HMAC_SHA256_V1`: the order's key is the 3DES-CBC (zero IV, zero padding) of its reference. */
function bankSignature(order, parameters) {
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(MERCHANT_KEY, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const padded = Buffer.alloc(Math.ceil(Buffer.byteLength(order) / 8) * 8);
  padded.write(order);
  const orderKey = Buffer.concat([cipher.update(padded), cipher.final()]);
  return createHmac('sha256', orderKey).update(parameters).digest('base64');
}

/**
 * The bank's notification that `order` is paid: its parameters and signature URL-safe, posted as
 * a form to the shop's notification address (on this host, whatever public address it names).
 * Answers the host's answer, checked to be the paid order.
 */
async function bankNotifies(base, notifyUrl, order, authorisation) {
  const parameters = Buffer.from(
    JSON.stringify({ Ds_Amount: String(order.total), Ds_Currency: '978', Ds_Order: order.reference, Ds_MerchantCode: MERCHANT_CODE, Ds_Terminal: '1', Ds_Response: '0000', Ds_AuthorisationCode: authorisation }),
  ).toString('base64url');
  const signature = bankSignature(order.reference, parameters).replace(/\+/g, '-').replace(/\//g, '_');
  const notified = await fetch(`${base}/api/${notifyUrl.split('/api/').slice(1).join('/api/')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: parameters, Ds_Signature: signature }).toString(),
  }).then((r) => r.json());
  assert(notified.success && notified.data.status === 2, `the notification: ${JSON.stringify(notified)}`);
  return notified;
}

/**
 * A browser of the shop's customer (a fresh profile, no session): its page, the page errors it
 * meets, and the forms its pages post to the bank, which is not reached (each post is kept and
 * answered here with a page headed "Banco").
 */
async function shopperBrowser() {
  const context = await launchChromium();
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const posted = [];
  await page.route(/^https:\/\/sis(-t)?\.redsys\.es/, async (route) => {
    posted.push(new URLSearchParams(route.request().postData() ?? ''));
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Banco</h1>' });
  });
  return { context, page, errors, posted };
}

/**
 * A customer signs in to their area as its web site links it: asks for access with their e-mail,
 * and follows the link mailed to them (opened on this host). Answers the link's token.
 */
async function customerSignsIn(customer, host, key, email) {
  const before = outboxFiles(host.dataDir);
  await customer.goto(`${host.base}/layout/contact/dashboard?key=${encodeURIComponent(key)}`);
  const access = customer.getByRole('form', { name: 'Acceder al área de cliente' });
  await access.getByRole('textbox', { name: /^Correo electrónico/ }).fill(` ${email.toUpperCase()} `);
  await access.getByRole('button', { name: 'Enviar el enlace' }).click();
  await customer.getByTestId('access-sent').waitFor();
  assert(!customer.url().includes('key='), `the key stays in the address: ${customer.url()}`);
  const mail = emlText(await waitForMail(host.dataDir, before, 'Acceso a su área de cliente'));
  const link = /https?:\/\/\S+\/layout\/contact\/dashboard\?key=\S+&token=\S+/.exec(mail)?.[0];
  assert(link, `no link in the mail: ${mail}`);
  const { searchParams } = new URL(link);
  assert(searchParams.get('key') === key, 'the mailed link carries another key');
  const token = searchParams.get('token');
  await customer.goto(`${host.base}/layout/contact/dashboard?key=${encodeURIComponent(key)}&token=${encodeURIComponent(token)}`);
  return token;
}

async function storefront(base, key, method, path, body) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export async function webJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!['web', 'products', 'billing'].every((m) => modules.includes(m))) {
    skip(['director-sells-a-course-online', 'customer-uses-their-area', 'demo-customer-cannot-renew', 'director-prints-a-poster', 'director-writes-a-blog-post'], `GET plugin/modules lacks the web, products or billing module (${JSON.stringify(modules)})`);
    return;
  }
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-sells-a-course-online', async () => {
    // The storefront's key.
    await menu(page).getByRole('link', { name: 'Claves y API', exact: true }).click();
    await page.waitForURL('**/web/apis');
    await page.getByTestId('webapi-key-missing').waitFor();
    await page.getByRole('button', { name: 'Generar la clave', exact: true }).click();
    await page.getByText('Clave de la API web generada').first().waitFor();
    const key = (await page.getByTestId('webapi-key').innerText()).trim();
    assert(key.length >= 32, `the web-api key: ${key}`);

    // The gateway: a wrong merchant code is refused under its field, then the bank's test merchant.
    await menu(page).getByRole('link', { name: 'Pasarela de pago', exact: true }).click();
    await page.waitForURL('**/web/payments');
    const form = page.getByRole('form', { name: 'Pasarela de pago Redsys' });
    await form.getByRole('textbox', { name: /^Código de comercio/ }).fill('12345');
    await form.getByRole('button', { name: 'Guardar la pasarela' }).click();
    await form.getByText('El código de comercio tiene 9 cifras').first().waitFor();
    await form.getByRole('textbox', { name: /^Código de comercio/ }).fill(MERCHANT_CODE);
    await form.getByLabel(/^Clave secreta/).fill(MERCHANT_KEY);
    await form.getByRole('button', { name: 'Guardar la pasarela' }).click();
    await page.getByText('Pasarela de pago guardada').first().waitFor();
    await page.getByTestId('gateway-configured').filter({ hasText: 'Configurada' }).waitFor();
    const notifyUrl = await page.getByTestId('notify_url').inputValue();
    assert(notifyUrl.endsWith(`/api/web/api/payments/tpv/notify/${key}`), `notification address: ${notifyUrl}`);
    // Its sales invoiced on payment, in a series of billing (one made here when the school has
    // none that can invoice).
    let series = (await api(page, 'GET', 'sales/billing/read')).filter((x) => x.state === 'active' && !x.simplified && x.issuer_tax_code);
    if (series.length === 0) {
      await api(page, 'POST', 'sales/billing/create', {
        code: `W${stamp}`, name: 'Tienda online', issuer_tax_code: 'B58378431', issuer_name: 'Autoescuela Demo S.L.',
        issuer_street: 'Calle Mayor 1', issuer_postal_code: '28013', issuer_town: 'Madrid', issuer_province_id: 28,
      });
      series = (await api(page, 'GET', 'sales/billing/read')).filter((x) => x.state === 'active' && !x.simplified && x.issuer_tax_code);
    }
    await page.reload();
    const sales = page.getByRole('form', { name: 'Facturación de las ventas' });
    await sales.getByLabel('Emitir la factura al cobrar el pedido').check();
    await sales.getByLabel(/^Serie de facturación/).selectOption(String(series[0].id));
    await sales.getByRole('button', { name: 'Guardar la facturación' }).click();
    await page.getByText('Facturación de las ventas guardada').first().waitFor();
    await shot('150-web-gateway');

    // A customer buys the course on the school's website; its price carries billing's IVA.
    const iva = (await api(page, 'GET', 'tax/read')).find((x) => x.name === 'IVA 21 %');
    const course = await api(page, 'POST', 'product/create', { name: `Permiso B online ${stamp}`, price: 49587, tax_id: iva.id, status: 'published' });
    // Its automatic process, written on the product's "Procesos automáticos" tab: a welcome mail.
    const welcome = `Bienvenida al curso ${stamp}`;
    await page.goto(`${host.base}/product/view/${course.id}/0`);
    await page.getByRole('tab', { name: 'Procesos automáticos' }).click();
    await page.getByRole('button', { name: 'Añadir proceso' }).click();
    await page.getByRole('textbox', { name: /^Asunto del correo/ }).fill(welcome);
    await page.getByRole('textbox', { name: /^Texto del correo/ }).fill('Hola {{ name }}: su pedido {{ reference }} de {{ product }} está pagado. Le esperamos en clase.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(`Producto Permiso B online ${stamp} guardado`).first().waitFor();
    const withProcess = await api(page, 'GET', `product/read/${course.id}`);
    assert(withProcess.processes.length === 1 && withProcess.processes[0].kind === 'email' && withProcess.processes[0].subject === welcome, `the product's processes: ${JSON.stringify(withProcess.processes)}`);
    const mailsBefore = outboxFiles(host.dataDir);
    const methods = await storefront(host.base, key, 'GET', 'web/api/payments/tpv/read');
    assert(methods.configured && methods.methods.includes('card'), `payment methods: ${JSON.stringify(methods)}`);
    const email = `marta.${stamp.toLowerCase()}@example.es`;
    const placed = await storefront(host.base, key, 'POST', 'web/api/ecommerce/preorder', {
      lines: [{ product_id: course.id, quantity: 1 }],
      payment_method: 'card',
      customer: { name: `Marta Compradora ${stamp}`, nif: '54362315K', email },
      accept_terms: true,
      url_ok: 'https://autoescuela.example/ok',
      url_ko: 'https://autoescuela.example/ko',
    });
    const reference = placed.order.reference;
    const fields = placed.payment.fields;
    assert(fields.Ds_Signature === bankSignature(reference, fields.Ds_MerchantParameters), 'the bank would refuse the payment form');

    const notified = await bankNotifies(host.base, notifyUrl, placed.order, '654321');

    // The director finds it among the paid orders and configures it.
    await menu(page).getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.waitForURL('**/web/orders');
    await page.getByTestId('state-chip-2').click();
    await page.getByRole('searchbox').fill(`compradora ${stamp}`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    await row.getByText('Pagado').waitFor();
    await row.getByTestId('order-reference').click();
    await page.waitForURL(/\/web\/orders\/[1-9]\d*$/);
    await page.getByText('654321').first().waitFor();
    // Invoiced in billing as soon as the payment was confirmed.
    const invoiced = await api(page, 'GET', `web/ecommerce/order/read/${notified.data.id}`);
    assert(invoiced.invoice_id && invoiced.invoice_number, `the order's invoice: ${JSON.stringify(invoiced)}`);
    await page.getByTestId('order-facts').getByText(invoiced.invoice_number).waitFor();
    const invoice = await api(page, 'GET', `invoice/read/${invoiced.invoice_id}`);
    assert(invoice.total === placed.order.total && invoice.outstanding === 0, `the invoice: ${JSON.stringify(invoice)}`);
    await shot('151-web-order');
    // The product's process ran once the payment was confirmed: the buyer's welcome mail, and the
    // run on the product's view.
    const welcomeMail = emlText(await waitForMail(host.dataDir, mailsBefore, welcome));
    assert(welcomeMail.includes(`Hola Marta Compradora ${stamp}: su pedido ${reference} de Permiso B online ${stamp} está pagado`), `the welcome mail: ${welcomeMail}`);
    const orderPage = page.url();
    await page.goto(`${host.base}/product/view/${course.id}/0`);
    const runs = page.getByRole('table', { name: 'Procesos ejecutados' });
    await runs.getByRole('row').filter({ hasText: reference }).filter({ hasText: 'OK' }).waitFor();
    await shot('160-products-process-runs');
    await page.goto(orderPage);
    const configure = page.getByRole('form', { name: 'Marcar como configurado' });
    await configure.getByRole('textbox').fill('Matriculada en el curso de enero');
    await configure.getByRole('button', { name: 'Marcar como configurado' }).click();
    await page.getByText(`Pedido ${reference} marcado como configurado`).first().waitFor();
    await page.getByTestId('order-state').filter({ hasText: 'Configurado' }).waitFor();
    const stored = await api(page, 'GET', `web/ecommerce/order/read/${notified.data.id}`);
    assert(stored.status === 3 && stored.note === 'Matriculada en el curso de enero', `the order: ${JSON.stringify(stored)}`);
  });

  await journey(browser, 'customer-uses-their-area', async () => {
    const { webapi_key: key } = await api(page, 'GET', 'web/apis/read');
    assert(key, 'the school has no web-api key');
    const email = `elena.${stamp.toLowerCase()}@example.es`;
    const contact = await api(page, 'POST', 'contact/create', {
      type: 'P', first_name: 'Elena', last_name: `Clienta ${stamp}`, fiscal_code: dni(Date.now() % 99999999), email, city: 'Madrid', province_id: 28,
    });
    const course = await api(page, 'POST', 'product/create', { name: `Permiso A2 ${stamp}`, price: 30000, tax_rate: 2100, status: 'published' });

    const { context: customerContext, page: customer, errors, posted } = await shopperBrowser();
    try {

      // The school's site links the area with its key; the customer asks for her link and
      // follows it.
      const token = await customerSignsIn(customer, host, key, email);
      await customer.getByTestId('customer-greeting').filter({ hasText: `Elena Clienta ${stamp}` }).waitFor();
      await customer.getByTestId('public-layout').waitFor();
      assert((await customer.getByRole('complementary', { name: 'Menú principal' }).count()) === 0, 'the customer sees the back-office menu');
      const ordersBefore = Number(await customer.getByTestId('orders-total').innerText());
      await customer.screenshot({ path: join(artifacts, '152-web-customer-dashboard.png'), fullPage: true });

      // She orders the course; the area sends her to the bank with the signed form.
      await customer.goto(`${host.base}/layout/contact/order/create?product=${course.id}`);
      const form = customer.getByRole('form', { name: 'Datos del pedido' });
      await form.getByTestId('line-name').filter({ hasText: `Permiso A2 ${stamp}` }).waitFor();
      await form.getByLabel('Acepto las condiciones de compra').check();
      await form.getByRole('button', { name: /^Pagar / }).click();
      await customer.getByRole('heading', { name: 'Banco' }).waitFor();
      assert(posted.length === 1 && posted[0].get('Ds_Signature') && posted[0].get('Ds_MerchantParameters'), `the form for the bank: ${posted.map(String)}`);
      const sent = JSON.parse(Buffer.from(posted[0].get('Ds_MerchantParameters'), 'base64').toString('utf8'));
      assert(sent.DS_MERCHANT_AMOUNT === '36300', `the amount sent to the bank: ${JSON.stringify(sent)}`);
      const reference = sent.DS_MERCHANT_ORDER;

      // Back in her area: the order is hers, unpaid.
      await customer.goto(`${host.base}/layout/contact/orders`);
      const row = customer.getByRole('row').filter({ hasText: reference });
      await row.getByText('Pendiente de pago').waitFor();
      await customer.getByRole('link', { name: 'Inicio', exact: true }).click();
      await customer.getByTestId('orders-total').filter({ hasText: String(ordersBefore + 1) }).waitFor();
      await customer.getByRole('link', { name: 'Mis datos', exact: true }).click();
      await customer.getByTestId('account-email').filter({ hasText: email }).waitFor();
      await customer.getByTestId('account-province').filter({ hasText: 'Madrid' }).waitFor();
      const stored = await api(page, 'GET', `web/ecommerce/order/readall?search=${reference}`);
      assert(stored.items.length === 1 && stored.items[0].contact_id === contact.id, `the staff's view of the order: ${JSON.stringify(stored.items)}`);

      // Signing out: the same link no longer opens the area.
      await customer.getByRole('button', { name: 'Cerrar sesión' }).click();
      await customer.getByRole('form', { name: 'Acceder al área de cliente' }).waitFor();
      await customer.goto(`${host.base}/layout/contact/dashboard?key=${encodeURIComponent(key)}&token=${encodeURIComponent(token)}`);
      await customer.getByRole('form', { name: 'Acceder al área de cliente' }).waitFor();
      assert(errors.length === 0, `errors in the customer area: ${errors.join(' | ')}`);
    } finally {
      await customerContext.close();
    }
  });
  await journey(browser, 'demo-customer-cannot-renew', async () => {
    const { webapi_key: key } = await api(page, 'GET', 'web/apis/read');
    const { notify_url: notifyUrl, configured } = await api(page, 'GET', 'web/payments/gateway/read');
    assert(key && configured, 'the shop has no key or gateway (journey 35 sets them)');
    const email = `irene.${stamp.toLowerCase()}@example.es`;
    await api(page, 'POST', 'contact/create', {
      type: 'P', first_name: 'Irene', last_name: `Demo ${stamp}`, fiscal_code: dni((Date.now() + 7) % 99999999), email, city: 'Madrid', province_id: 28,
    });
    // A trial whose only process, written on the product's "Procesos automáticos" tab, puts the
    // buyer in demo mode; a renewal of the online tests, which a demo customer may not buy.
    const trial = await api(page, 'POST', 'product/create', { name: `Prueba gratuita ${stamp}`, price: 100, tax_rate: 2100, status: 'published' });
    const renewal = await api(page, 'POST', 'product/create', {
      name: `Renovación test ${stamp}`, price: 1500, tax_rate: 2100, status: 'published', processes: [{ kind: 'online_test_extend', licence: 'B', days: 30 }],
    });
    await page.goto(`${host.base}/product/view/${trial.id}/0`);
    await page.getByRole('tab', { name: 'Procesos automáticos' }).click();
    await page.getByRole('button', { name: 'Añadir proceso' }).click();
    await page.getByRole('combobox', { name: /^Tipo de proceso/ }).selectOption({ label: 'Cliente en modo demostración' });
    await page.getByText('El comprador podrá comprar una matrícula, pero no renovar ni ampliar', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(`Producto Prueba gratuita ${stamp} guardado`).first().waitFor();
    const saved = await api(page, 'GET', `product/read/${trial.id}`);
    assert(saved.processes.length === 1 && saved.processes[0].kind === 'customer_demo', `the trial's processes: ${JSON.stringify(saved.processes)}`);

    // She takes the trial on the school's website (as a guest, with her e-mail) and pays.
    const placed = await storefront(host.base, key, 'POST', 'web/api/ecommerce/preorder', {
      lines: [{ product_id: trial.id, quantity: 1 }], payment_method: 'card', customer: { name: `Irene Demo ${stamp}`, nif: '54362315K', email },
      accept_terms: true, url_ok: 'https://autoescuela.example/ok', url_ko: 'https://autoescuela.example/ko',
    });
    const paid = await bankNotifies(host.base, notifyUrl, placed.order, '111222');
    let runs = { items: [] };
    for (let i = 0; i < 50 && !runs.items.some((r) => r.ok); i += 1) {
      runs = await api(page, 'GET', `product/process/runs?product_id=${trial.id}`);
      if (!runs.items.some((r) => r.ok)) await page.waitForTimeout(100);
    }
    assert(runs.items[0]?.detail === 'Cliente en modo demostración', `the trial's run: ${JSON.stringify(runs.items)}`);
    // The director sees her mode on the order.
    await page.goto(`${host.base}/web/orders/${paid.data.id}`);
    await page.getByTestId('buyer-status').filter({ hasText: 'Demostración' }).waitFor();

    // The director writes the shop's conditions of sale on "Textos legales": a new version.
    await menu(page).getByRole('link', { name: 'Textos legales', exact: true }).click();
    await page.waitForURL('**/web/info');
    const terms = page.getByTestId('legal-terms');
    await terms.getByRole('button', { name: 'Editar' }).click();
    const termsForm = page.getByRole('dialog');
    const clause = `Cláusula ${stamp}: la renovación amplía 30 días el acceso a los test.`;
    await termsForm.getByRole('textbox', { name: /^Título/ }).fill('Condiciones de compra');
    await termsForm.getByRole('textbox', { name: /^Texto/ }).fill(`1. El pago se hace por adelantado.\n\n2. ${clause}`);
    await termsForm.getByRole('button', { name: /^Guardar/ }).click();
    await page.getByText(/Texto «Condiciones de compra» guardado: versión \d+/).first().waitFor();
    const written = await api(page, 'GET', 'web/legal/read');
    const termsVersion = written.texts.find((x) => x.kind === 'terms').current.version;
    await page.goto(`${host.base}/web/orders/${paid.data.id}`);
    await page.getByTestId('buyer-status').filter({ hasText: 'Demostración' }).waitFor();

    const { context: customerContext, page: customer, errors, posted } = await shopperBrowser();
    try {
      await customerSignsIn(customer, host, key, email);
      await customer.getByTestId('customer-status').filter({ hasText: 'Cuenta de demostración' }).waitFor();
      await customer.screenshot({ path: join(artifacts, '153-web-customer-demo.png'), fullPage: true });
      // The renewal is refused on its line; nothing goes to the bank.
      const buyRenewal = async () => {
        await customer.goto(`${host.base}/layout/contact/order/create?product=${renewal.id}`);
        const form = customer.getByRole('form', { name: 'Datos del pedido' });
        await form.getByTestId('line-name').filter({ hasText: `Renovación test ${stamp}` }).waitFor();
        await form.getByLabel('Acepto las condiciones de compra').check();
        await form.getByRole('button', { name: /^Pagar / }).click();
        return form;
      };
      // She reads the conditions from the order form before paying.
      await customer.goto(`${host.base}/layout/contact/order/create?product=${renewal.id}`);
      await customer.getByRole('button', { name: 'Leer las condiciones' }).click();
      await customer.getByRole('dialog').getByText(clause).waitFor();
      await customer.keyboard.press('Escape');
      const form = await buyRenewal();
      await form.getByText('Su cuenta es de demostración: puede comprar una matrícula, pero no renovar ni ampliar').first().waitFor();
      assert(posted.length === 0, 'a demo customer was sent to the bank for a renewal');

      // The director enrols her by hand (she signed up at the office): now she may renew.
      const mode = page.getByRole('form', { name: 'Cambiar el modo del cliente' });
      await mode.getByRole('combobox', { name: /^Modo del cliente/ }).selectOption({ label: 'Matriculado' });
      await mode.getByRole('button', { name: 'Guardar el modo' }).click();
      await page.getByText('Modo del cliente: Matriculado').first().waitFor();
      await page.getByTestId('buyer-status').filter({ hasText: 'Matriculado' }).waitFor();
      await buyRenewal();
      await customer.getByRole('heading', { name: 'Banco' }).waitFor();
      assert(posted.length === 1, `the renewal's form for the bank: ${posted.map(String)}`);
      // The order keeps the version of the conditions she accepted.
      const sent = JSON.parse(Buffer.from(posted[0].get('Ds_MerchantParameters'), 'base64').toString('utf8'));
      const renewed = await api(page, 'GET', `web/ecommerce/order/readall?search=${sent.DS_MERCHANT_ORDER}`);
      assert(renewed.items[0]?.terms_version === termsVersion, `the renewal's accepted conditions: ${JSON.stringify(renewed.items[0])}`);
      assert(errors.length === 0, `errors in the customer area: ${errors.join(' | ')}`);
    } finally {
      await customerContext.close();
    }
  });
  await journey(browser, 'director-prints-a-poster', async () => {
    const product = await api(page, 'POST', 'product/create', {
      name: `Permiso B intensivo ${stamp}`, description: 'Teórica y prácticas en un mes', price: 45000, tax_rate: 2100, status: 'published',
    });
    await page.goto(`${host.base}/dashboard`);
    await menu(page).getByRole('link', { name: 'Carteles', exact: true }).click();
    await page.waitForURL('**/marketing/poster/editor');
    await page.getByRole('combobox', { name: /^Producto/ }).selectOption({ label: `Permiso B intensivo ${stamp} (${product.reference})` });
    await page.waitForURL(`**/marketing/poster/product/${product.id}`);
    const sheet = page.getByTestId('poster-sheet');
    await sheet.getByTestId('poster-name').filter({ hasText: `Permiso B intensivo ${stamp}` }).waitFor();
    await sheet.getByTestId('poster-price').filter({ hasText: '544,50' }).waitFor();
    // The QR code leads to the product's order page in the customer area, with the shop's key.
    const { webapi_key: key } = await api(page, 'GET', 'web/apis/read');
    const target = await page.getByTestId('poster-qr-target').innerText();
    assert(target.includes(`/layout/contact/order/create?key=${key}&product=${product.id}`), `the QR code's address: ${target}`);
    const qr = sheet.getByTestId('poster-qr').getByRole('img');
    await qr.waitFor();
    assert((await qr.evaluate((img) => img.complete && img.naturalWidth > 0)), 'the QR code is not drawn');
    // The design: the preview follows the typing; saved for every poster.
    const design = page.getByRole('form', { name: 'Diseño de los carteles' });
    const headline = `¡Carné en un mes ${stamp}!`;
    await design.getByRole('textbox', { name: /^Titular/ }).fill(headline);
    await design.getByRole('textbox', { name: /^Pie/ }).fill('Calle Mayor 1 · 912 345 678');
    await sheet.getByTestId('poster-headline').filter({ hasText: headline }).waitFor();
    await design.getByRole('button', { name: 'Guardar el diseño' }).click();
    await page.getByText('Diseño de los carteles guardado').first().waitFor();
    const stored = await api(page, 'GET', 'marketing/poster/data');
    assert(stored.design.headline === headline, `the stored design: ${JSON.stringify(stored.design)}`);
    // Printed, only the sheet goes on the paper.
    await page.emulateMedia({ media: 'print' });
    assert(!(await menu(page).isVisible()), 'the menu would be printed');
    // (billing's print view, loaded by an earlier journey, must not blank it)
    assert(await sheet.isVisible(), 'the poster would not be printed');
    await shot('154-products-poster-print');
    await page.emulateMedia({ media: 'screen' });
    await shot('155-products-poster-editor');

    // Someone scans it (a browser without a session or a stored key): they buy without an
    // account, and the bank's page is reached with the signed form.
    const scanned = new URL(target.slice(target.indexOf('http')).trim());
    const { context: visitorContext, page: visitor, errors, posted } = await shopperBrowser();
    try {
      await visitor.goto(`${host.base}${scanned.pathname}${scanned.search}`);
      await visitor.getByRole('tab', { name: '¿Ya es cliente? Entre con su correo y vuelva a este pedido' }).waitFor();
      const form = visitor.getByRole('form', { name: 'Datos del pedido' });
      await form.getByTestId('line-name').filter({ hasText: `Permiso B intensivo ${stamp}` }).waitFor();
      const fields = { 'Nombre y apellidos': `Pablo Visitante ${stamp}`, 'DNI/NIE/NIF': '54362315K', 'Correo electrónico': `pablo.${stamp.toLowerCase()}@example.es`,
        Teléfono: '612345678', Dirección: 'Calle Mayor 2', 'Código postal': '28013', Localidad: 'Madrid', Provincia: 'Madrid' };
      for (const [label, value] of Object.entries(fields)) await form.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
      await form.getByLabel('Acepto las condiciones de compra').check();
      await form.getByRole('button', { name: /^Pagar / }).click();
      await visitor.getByRole('heading', { name: 'Banco' }).waitFor();
      const sent = JSON.parse(Buffer.from(posted[0].get('Ds_MerchantParameters'), 'base64').toString('utf8'));
      assert(sent.DS_MERCHANT_AMOUNT === '54450', `the amount sent to the bank: ${JSON.stringify(sent)}`);
      const placed = await api(page, 'GET', `web/ecommerce/order/readall?search=${sent.DS_MERCHANT_ORDER}`);
      assert(placed.items[0]?.customer.name === `Pablo Visitante ${stamp}` && placed.items[0].contact_id === null, `the guest's order: ${JSON.stringify(placed.items[0])}`);
      assert(errors.length === 0, `errors on the order page: ${errors.join(' | ')}`);
    } finally {
      await visitorContext.close();
    }
  });

  await journey(browser, 'director-writes-a-blog-post', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAYAAACzzX7wAAAAF0lEQVR4nGNgYAj4D8QMuGm8kiCaUhMAk9YZ8aqd8JsAAAAASUVORK5CYII=', 'base64');
    const title = `Nuevo horario de tarde ${stamp}`;
    const tag = `Horarios ${stamp}`;
    await page.goto(`${host.base}/dashboard`);
    await menu(page).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL('**/web/blog');
    await page.getByRole('link', { name: 'Nueva entrada' }).click();
    const editor = page.getByRole('form', { name: 'Nueva entrada' });
    await editor.getByRole('textbox', { name: /^Título/ }).fill(title);
    await editor.getByRole('textbox', { name: /^Etiquetas/ }).fill(`${tag}, Permiso B`);
    await editor.getByRole('textbox', { name: /^Contenido/ }).fill('Desde el lunes abrimos de 16:00 a 21:00.\n\nLas prácticas siguen igual.');
    const header = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/image/upload');
    await editor.getByTestId('image-header_file_id').getByLabel('Subir imagen').setInputFiles({ name: `cabecera-${stamp}.png`, mimeType: 'image/png', buffer: png });
    await header;
    const photo = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/image/upload');
    await editor.getByLabel('Añadir imágenes').setInputFiles({ name: `aula-${stamp}.png`, mimeType: 'image/png', buffer: png });
    await photo;
    await editor.getByTestId('gallery-images').getByRole('listitem').first().waitFor();
    await editor.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL('**/web/blog');
    const listed = await api(page, 'GET', `web/blog/post/read?search=${encodeURIComponent(stamp)}`);
    const post = listed.items[0];
    assert(post?.title === title && post.status === 'pending' && post.header_file_id && post.gallery.length === 1, `the draft: ${JSON.stringify(post)}`);
    assert(JSON.stringify(post.tags) === JSON.stringify([tag, 'Permiso B']), `the tags: ${JSON.stringify(post.tags)}`);

    // Scheduled for a later date: the button says so and the post waits.
    await page.getByRole('link', { name: new RegExp(`^Editar «${title}»`) }).click();
    const form = page.getByRole('form', { name: `Entrada «${title}»` });
    await form.getByLabel(/^Fecha de publicación/).fill('2099-01-10T09:30');
    await form.getByRole('button', { name: 'Programar' }).click();
    await page.waitForURL('**/web/blog');
    const waiting = await api(page, 'GET', `web/blog/post/read?id=${post.id}`);
    assert(waiting.status === 'waiting' && waiting.publish_at.startsWith('2099-01-10T'), `the scheduled post: ${JSON.stringify(waiting)}`);
    await page.getByTestId('status-chip-waiting').click();
    await page.getByTestId('post-title').filter({ hasText: title }).waitFor();
    await shot('179-web-blog-list');

    // Published now (the date emptied).
    await page.getByRole('link', { name: new RegExp(`^Editar «${title}»`) }).click();
    await form.getByLabel(/^Fecha de publicación/).fill('');
    await form.getByRole('button', { name: 'Publicar' }).click();
    await page.waitForURL('**/web/blog');
    const published = await api(page, 'GET', `web/blog/post/read?id=${post.id}`);
    assert(published.status === 'published', `the published post: ${JSON.stringify(published)}`);

    // A visitor reads it with the shop's key only, filters by its tag and opens it.
    const { webapi_key: key } = await api(page, 'GET', 'web/apis/read');
    const { context: visitorContext, page: visitor, errors } = await shopperBrowser();
    try {
      await visitor.goto(`${host.base}/layout/contact/blog?key=${encodeURIComponent(key)}`);
      const card = visitor.getByTestId('post-card').filter({ hasText: title });
      await card.getByTestId('post-excerpt').filter({ hasText: 'Desde el lunes abrimos de 16:00 a 21:00.' }).waitFor();
      await card.getByRole('link', { name: `Noticias con la etiqueta «${tag}»` }).click();
      await visitor.getByTestId('blog-tag').waitFor();
      assert((await visitor.getByTestId('post-card').count()) === 1, 'the tag shows only its posts');
      await visitor.getByRole('link', { name: `Leer «${title}»` }).click();
      const read = visitor.getByTestId('customer-blog-post');
      await read.getByRole('heading', { name: title }).waitFor();
      await read.getByTestId('post-content').filter({ hasText: 'Las prácticas siguen igual.' }).waitFor();
      const images = [read.getByTestId('post-header'), read.getByTestId('post-gallery').getByRole('img').first()];
      for (const image of images) {
        await image.waitFor();
        await visitor.waitForFunction((img) => img.complete, await image.elementHandle());
        assert(await image.evaluate((img) => img.naturalWidth === 8), `an image of the post does not load: ${await image.getAttribute('src')}`);
      }
      await visitor.screenshot({ path: join(artifacts, '180-web-blog-news.png'), fullPage: true });
      assert(errors.length === 0, `errors on the news page: ${errors.join(' | ')}`);

      // Discarded: off the site.
      await page.getByRole('link', { name: new RegExp(`^Editar «${title}»`) }).click();
      await form.getByRole('button', { name: 'Descartar' }).click();
      await page.waitForURL('**/web/blog');
      await visitor.goto(`${host.base}/layout/contact/blog`);
      await visitor.getByTestId('customer-blog').waitFor();
      await visitor.getByText('Todavía no hay noticias').or(visitor.getByTestId('post-card').first()).first().waitFor();
      assert((await visitor.getByTestId('post-card').filter({ hasText: title }).count()) === 0, 'the discarded post is still on the site');
    } finally {
      await visitorContext.close();
    }
  });
}
