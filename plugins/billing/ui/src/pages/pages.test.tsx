import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { testDirector } from '@volante/plugin-ui/testing/module';
import { renderModule } from '../test/render';

const series = {
  id: 1, state: 'active', code: 'A', name: 'General', description: '', simplified: false, issuer_tax_code: 'B58378431', issuer_name: 'Autoescuela Demo S.L.',
  issuer_street: 'Calle Mayor 1', issuer_postal_code: '28013', issuer_town: 'Madrid', issuer_province_id: 28, iban: '', branch_id: null, next_invoice: 3, next_budget: 1,
};
const tax = (id: number, name: string, rate: number, extra: object = {}) => ({
  id, state: 'active', name, kind: 'IVA', rate, tax_group: 'General', region: 'peninsula', is_default: false, region_active: true, ...extra,
});
const taxes = [tax(1, 'IVA 21 %', 2100, { is_default: true }), tax(2, 'IVA 10 %', 1000, { tax_group: 'Reducido' }), tax(5, 'IGIC 7 %', 700, { kind: 'IGIC', region: 'canarias', region_active: false })];
const contactBlock = { id: 7, type: 'P', name: 'Lucía Pérez Gómez', tax_code: '54362315K', email: 'lucia@example.es', phone: '', address: { street: 'Av. de la Paz 3', city: 'Sevilla', province_id: 41, postal_code: '41001' } };
const lines = [
  { position: 1, concept: 'Matrícula', product_id: null, price: 15000, quantity: 1000, discount_type: null, discount_value: 0, tax_id: 1, tax_name: 'IVA 21 %', tax_kind: 'IVA', tax_rate: 2100, gross: 15000, discount: 0, base: 15000, tax: 3150, total: 18150 },
  { position: 2, concept: 'Clase práctica', product_id: null, price: 3000, quantity: 10000, discount_type: 'percent', discount_value: 1000, tax_id: 1, tax_name: 'IVA 21 %', tax_kind: 'IVA', tax_rate: 2100, gross: 30000, discount: 3000, base: 27000, tax: 5670, total: 32670 },
];
const amounts = { gross: 45000, discount: 3000, base: 42000, tax: 8820, total: 50820 };
const common = { series_id: 1, branch_id: null, issue_date: '2026-03-02', due_date: null, contact_id: 7, contact: contactBlock, discount_type: null, discount_value: 0, notes: '', created_at: '', updated_at: '', lines, ...amounts };
const budget = { ...common, id: 4, state: 'pending', reference: 'PA2026/000001', year: 2026, number: 1, group_id: null, invoice_id: null };
const invoice = { ...common, id: 9, state: 'issued', invoice_type: 'F1', reference: 'A2026/000003', year: 2026, number: 3, paid: 0, outstanding: 50820, budget_id: 4, payments: [] };

function page(items: unknown[]) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length });
}

/** The reads every editor makes. */
function editorApi(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET sales/billing/read': envelopeOk([series]),
    'GET tax/read': envelopeOk(taxes),
    'GET budget/group/read': envelopeOk([{ id: 2, name: 'Permiso B', description: '', budgets: 3 }]),
    ...(routes as Record<string, object>),
  });
}

describe('/invoice/list', () => {
  it('lists invoices with state and outstanding amount, and filters by state through invoice/readall', async () => {
    const api = mockApi({ 'GET sales/billing/read': envelopeOk([series]), 'POST invoice/readall': page([{ ...invoice, paid: 20000 }]) });
    renderModule('/invoice/list', api);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = (await within(table).findByRole('link', { name: 'A2026/000003' })).closest('tr')!;
    expect(row).toHaveTextContent('Lucía Pérez Gómez');
    expect(row).toHaveTextContent('508,20 €');
    expect(row).toHaveTextContent('308,20 €');
    expect(within(row).getByTestId('doc-state')).toHaveTextContent('Emitida');
    expect(within(row).getByRole('link', { name: 'A2026/000003' })).toHaveAttribute('href', '/invoice/edit/list/1/9/7');
    expect(api.calls('POST invoice/readall')[0].body).toEqual({ search: '', page: 1, per_page: 25 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'voided' } });
    await waitFor(() => expect(api.calls('POST invoice/readall').at(-1)!.body).toEqual({ search: '', page: 1, per_page: 25, state: 'voided' }));
  });
});

describe('/budget/new', () => {
  it('finds the contact, computes the totals live and sends cents, decimals and the contact id', async () => {
    const api = editorApi({
      'GET contact/finder': (req: MockRequest) => envelopeOk(req.query.get('search') === 'lucia' ? [{ id: 7, code: '000007', type: 'P', display_name: 'Lucía Pérez Gómez', fiscal_code: '54362315K', email: 'lucia@example.es', phone: '', state: 'active' }] : []),
      'POST budget/create': envelopeOk(budget),
      'GET budget/read/4': envelopeOk(budget),
    });
    renderModule('/budget/new/list/0/0/0', api);
    const editor = await screen.findByRole('form', { name: 'Presupuesto' });
    const search = within(editor).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'lucia' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(editor).findByRole('button', { name: /Lucía Pérez Gómez/ }));
    expect(within(editor).getByTestId('contact-chosen')).toHaveTextContent('Lucía Pérez Gómez');

    fireEvent.change(within(editor).getByRole('textbox', { name: 'Concepto de la línea 1' }), { target: { value: 'Matrícula' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Precio de la línea 1' }), { target: { value: '150' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Concepto de la línea 2' }), { target: { value: 'Clase práctica' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Precio de la línea 2' }), { target: { value: '30' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 2' }), { target: { value: '10' } });
    fireEvent.change(within(editor).getByRole('combobox', { name: 'Tipo de descuento de la línea 2' }), { target: { value: 'percent' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Porcentaje de descuento de la línea 2' }), { target: { value: '10' } });
    // the IGIC of Canarias (region off) is not offered on new lines
    expect(within(within(editor).getByRole('combobox', { name: 'Impuesto de la línea 1' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['IVA 21 %', 'IVA 10 %']);
    const preview = within(editor).getByTestId('totals-preview');
    expect(within(preview).getByTestId('totals-base')).toHaveTextContent('420,00 €');
    expect(within(preview).getByTestId('totals-tax')).toHaveTextContent('88,20 €');
    expect(within(preview).getByTestId('totals-total')).toHaveTextContent('508,20 €');
    expect(within(editor).getAllByTestId('line-total').map((c) => c.textContent?.replace(/\u00a0/g, ' '))).toEqual(['181,50 €', '326,70 €']);

    fireEvent.click(within(editor).getByRole('button', { name: 'Crear presupuesto' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/budget/edit/list/1/4/7'));
    expect(api.calls('POST budget/create')[0].body).toMatchObject({
      series_id: 1,
      contact_id: 7,
      discount_type: null,
      discount: 0,
      lines: [
        { concept: 'Matrícula', price: 15000, quantity: 1, discount_type: null, discount: 0, tax_id: 1 },
        { concept: 'Clase práctica', price: 3000, quantity: 10, discount_type: 'percent', discount: 10, tax_id: 1 },
      ],
    });
  });

  it("blocks numbers that are not, and shows the host's field errors under their line", async () => {
    const api = editorApi({ 'POST budget/create': writeError('REQ-102', 'La cantidad admite como máximo 3 decimales', { field: 'lines[0].quantity' }) });
    renderModule('/budget/new/list/1/0/0', api);
    const editor = await screen.findByRole('form', { name: 'Presupuesto' });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Concepto de la línea 1' }), { target: { value: 'Clase' } });
    // a fresh line counts as 0 in the live totals
    expect(within(within(editor).getByTestId('totals-preview')).getByTestId('totals-total')).toHaveTextContent('0,00 €');
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 1' }), { target: { value: 'dos' } });
    expect(within(editor).getByTestId('totals-preview')).toHaveTextContent('Revise los importes');
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 1' }), { target: { value: '1' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Precio de la línea 1' }), { target: { value: '12,345' } });
    expect(within(editor).getByRole('textbox', { name: 'Precio de la línea 1' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(editor).getByRole('button', { name: 'Crear presupuesto' }));
    expect(await within(editor).findByText('Introduzca un número válido')).toBeInTheDocument();
    expect(api.calls('POST budget/create')).toHaveLength(0);

    fireEvent.change(within(editor).getByRole('textbox', { name: 'Precio de la línea 1' }), { target: { value: '12,34' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Crear presupuesto' }));
    const quantity = within(editor).getByRole('textbox', { name: 'Cantidad de la línea 1' });
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity.closest('td')).toHaveTextContent('La cantidad admite como máximo 3 decimales');
    expect(screen.getByTestId('location')).toHaveTextContent('/budget/new/list/1/0/0');
  });

  it('asks for a series first when the school has none', async () => {
    renderModule('/budget/new/list/0/0/0', editorApi({ 'GET sales/billing/read': envelopeOk([]) }));
    expect(await screen.findByTestId('no-series')).toHaveTextContent('cree una serie');
    expect(screen.getByRole('link', { name: 'Nueva serie' })).toHaveAttribute('href', '/sales/billing/view/invoice/0');
  });
});

describe('/budget/edit', () => {
  it('bills the budget only after two confirmations, then opens its invoice', async () => {
    const api = editorApi({ 'GET budget/read/4': envelopeOk(budget), 'POST invoice/create': envelopeOk(invoice), 'GET invoice/read/9': envelopeOk(invoice) });
    renderModule('/budget/edit/list/1/4/7', api);
    expect(await screen.findByTestId('budget-reference')).toHaveTextContent('PA2026/000001');

    // accepting once and cancelling the second question bills nothing
    fireEvent.click(screen.getByRole('button', { name: 'Facturar presupuesto' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Facturar el presupuesto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Facturar presupuesto' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('no se puede deshacer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST invoice/create')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Facturar presupuesto' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Facturar presupuesto' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, facturar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/invoice/edit/budget/1/9/7'));
    expect(api.calls('POST invoice/create').map((r) => r.body)).toEqual([{ budget_id: 4 }]);
    expect(await screen.findByTestId('invoice-reference')).toHaveTextContent('A2026/000003');
  });

  it('shows a billed budget read-only, linked to its invoice, and the server refusal when billing it again', async () => {
    const billed = { ...budget, state: 'billed', invoice_id: 9 };
    renderModule('/budget/edit/list/1/4/7', editorApi({ 'GET budget/read/4': envelopeOk(billed) }));
    expect(await screen.findByTestId('document-view')).toHaveTextContent('Matrícula');
    expect(screen.queryByRole('form', { name: 'Presupuesto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facturar presupuesto' })).not.toBeInTheDocument();
    expect(screen.getByTestId('budget-invoice-link')).toHaveAttribute('href', '/invoice/edit/budget/1/9/7');
    expect(within(screen.getByTestId('totals')).getByTestId('totals-total')).toHaveTextContent('508,20 €');
  });
});

describe('/invoice/edit', () => {
  it('registers a partial payment, shows the refusal of an overpayment, and the final one', async () => {
    const paidPart = { ...invoice, paid: 20000, outstanding: 30820, payments: [{ id: 1, amount: 20000, method: 'cash', paid_on: '2026-03-02', notes: '', state: 'active' }] };
    const api = editorApi({ 'GET invoice/read/9': envelopeOk(invoice) });
    let calls = 0;
    api.on('POST invoice/payment/create', (req: MockRequest) => {
      calls += 1;
      if (calls === 1) return envelopeOk(paidPart);
      if (calls === 2) return writeError('BILLING-003', 'El pago supera el importe pendiente de la factura', { outstanding: 30820, field: 'amount' });
      const body = req.body as { amount: number };
      return envelopeOk({ ...paidPart, paid: 20000 + body.amount, outstanding: 30820 - body.amount, payments: [...paidPart.payments, { id: 2, amount: body.amount, method: 'card', paid_on: '2026-03-02', notes: '', state: 'active' }] });
    });
    renderModule('/invoice/edit/budget/1/9/7', api);
    const payments = await screen.findByTestId('payments');
    expect(within(payments).getByTestId('outstanding')).toHaveTextContent('508,20 €');
    const amount = within(payments).getByRole('textbox', { name: 'Importe' });
    expect(amount).toHaveValue('508,20');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.click(within(payments).getByRole('button', { name: 'Registrar cobro' }));
    await waitFor(() => expect(within(payments).getByTestId('outstanding')).toHaveTextContent('308,20 €'));
    expect(api.calls('POST invoice/payment/create')[0].body).toMatchObject({ invoice_id: 9, amount: 20000, method: 'cash' });

    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.click(within(payments).getByRole('button', { name: 'Registrar cobro' }));
    expect(await within(payments).findByTestId('payment-errors')).toHaveTextContent('El pago supera el importe pendiente de la factura (pendiente: 308,20 €)');
    expect(within(payments).getByTestId('outstanding')).toHaveTextContent('308,20 €');

    fireEvent.change(amount, { target: { value: '308,20' } });
    fireEvent.change(within(payments).getByRole('combobox', { name: 'Forma de pago' }), { target: { value: 'card' } });
    fireEvent.click(within(payments).getByRole('button', { name: 'Registrar cobro' }));
    expect(await within(payments).findByTestId('paid-in-full')).toBeInTheDocument();
    expect(within(payments).getByTestId('outstanding')).toHaveTextContent('0,00 €');
    expect(api.calls('POST invoice/payment/create')[2].body).toMatchObject({ amount: 30820, method: 'card' });
    expect(within(payments).queryByRole('button', { name: 'Registrar cobro' })).not.toBeInTheDocument();
  });

  it('downloads the PDF and the Facturae XML the host answers', async () => {
    const saved: { name: string; type: string; text: string }[] = [];
    const blobs: Blob[] = [];
    // jsdom has no object URLs: give URL the two statics for this test only.
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: blobs.at(-1)!.type, text: '' });
    });
    const api = editorApi({
      'GET invoice/read/9': envelopeOk(invoice),
      'GET invoice/pdf/9': envelopeOk({ filename: 'factura-A2026-000003.pdf', content_type: 'application/pdf', base64: 'JVBERi0xLjQ=' }),
      'POST invoice/electronic/create': envelopeOk({ filename: 'factura-A2026-000003.xml', content_type: 'application/xml', xml: '<fe:Facturae/>' }),
    });
    renderModule('/invoice/edit/list/1/9/7', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => [s.name, s.type])).toEqual([
      ['factura-A2026-000003.pdf', 'application/pdf'],
      ['factura-A2026-000003.xml', 'application/xml'],
    ]);
    expect(new TextDecoder().decode(await blobs[0].arrayBuffer())).toBe('%PDF-1.4');
    expect(api.calls('POST invoice/electronic/create')[0].body).toEqual({ id: 9 });
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  });

  it("sends it by e-mail and shows the host's reason when it cannot", async () => {
    const api = editorApi({
      'GET invoice/read/9': envelopeOk(invoice),
      'POST invoice/email': writeError('BILLING-014', 'No se ha podido enviar el correo', { reason: 'relay refused' }),
    });
    renderModule('/invoice/edit/list/1/9/7', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por correo' }));
    const form = screen.getByRole('form', { name: 'Enviar por correo' });
    expect(within(form).getByRole('textbox', { name: 'Destinatarios' })).toHaveValue('lucia@example.es');
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No se ha podido enviar el correo: relay refused');
    expect(api.calls('POST invoice/email')[0].body).toEqual({ id: 9, to: ['lucia@example.es'], subject: '', message: '' });
  });

  it('issues a draft from the editor and shows the print view of an issued invoice', async () => {
    const draft = { ...invoice, state: 'draft', reference: null, number: null, year: null, outstanding: 50820, budget_id: null };
    const api = editorApi({ 'GET invoice/read/9': envelopeOk(draft), 'POST invoice/update': envelopeOk(invoice) });
    renderModule('/invoice/edit/list/1/9/7', api);
    const editor = await screen.findByRole('form', { name: 'Factura' });
    expect(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 2' })).toHaveValue('10');
    expect(within(editor).getByRole('textbox', { name: 'Porcentaje de descuento de la línea 2' })).toHaveValue('10');
    fireEvent.click(within(editor).getByRole('button', { name: 'Emitir factura' }));
    await waitFor(() => expect(api.calls('POST invoice/update')).toHaveLength(1));
    expect(api.calls('POST invoice/update')[0].body).toMatchObject({ id: 9, issue: true, contact_id: 7 });
    expect(await screen.findByTestId('invoice-reference')).toHaveTextContent('A2026/000003');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    const print = await screen.findByTestId('print-view');
    expect(within(print).getByTestId('doc-reference')).toHaveTextContent('A2026/000003');
    expect(print).toHaveTextContent('Autoescuela Demo S.L.');
    expect(screen.queryByTestId('payments')).not.toBeInTheDocument();
  });
});

describe('the editors and the products catalogue', () => {
  const product = (id: number, reference: string, name: string, price: number, taxId: number | null, extra: object = {}) => ({
    id, reference, name, price, tax_id: taxId, tax_rate: 2100, total: Math.round(price * 1.21), is_pack: false, status: 'published', state: 'active', ...extra,
  });
  const catalogue = [
    product(11, '000011', 'Matrícula permiso B', 15000, 2),
    product(12, '000012', 'Pack 10 prácticas', 30000, 5, { is_pack: true }),
    product(13, '000013', 'Manual del alumno', 2500, null),
    product(14, '000014', 'Matrícula antigua', 12000, 1, { status: 'discontinued' }),
  ];
  /** The director (`super`: every permission) with the products module switched on. */
  const withProducts = testDirector(['billing', 'contacts', 'product']);
  /** A clerk (not `super`) with the service, and the permissions given. */
  const clerk = (permissions: string[]) => ({ ...withProducts, role: 'clerk', permissions });
  const pickerOf = (editor: HTMLElement) => within(editor).getByRole('group', { name: 'Añadir del catálogo' });
  function catalogueApi(routes: Record<string, unknown> = {}) {
    return editorApi({
      'GET product/read': (req: MockRequest) => {
        const search = req.query.get('search')!.toLowerCase();
        const items = catalogue.filter((p) => p.name.toLowerCase().includes(search) || p.reference.includes(search));
        return envelopeOk({ items, total: items.length, page: 1, per_page: 10, from: items.length ? 1 : 0, to: items.length });
      },
      ...routes,
    });
  }
  function searchCatalogue(editor: HTMLElement, text: string) {
    const box = within(pickerOf(editor)).getByRole('searchbox');
    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter' });
  }

  it('offers the catalogue only to a user with the product service and permission', async () => {
    // The director without the products module: the editor as before.
    renderModule('/budget/new/list/1/0/0', catalogueApi());
    let editor = await screen.findByRole('form', { name: 'Presupuesto' });
    expect(within(editor).queryByTestId('product-picker')).not.toBeInTheDocument();
    expect(within(editor).getAllByRole('searchbox')).toHaveLength(1);
    cleanup();

    // The service but not the permission.
    renderModule('/budget/new/list/1/0/0', catalogueApi(), undefined, clerk(['invoicing']));
    editor = await screen.findByRole('form', { name: 'Presupuesto' });
    expect(within(editor).queryByTestId('product-picker')).not.toBeInTheDocument();
    cleanup();

    // The permission but not the service.
    renderModule('/budget/new/list/1/0/0', catalogueApi(), undefined, { ...clerk(['invoicing', 'product']), services: [{ id: 'billing' }, { id: 'contacts' }] });
    editor = await screen.findByRole('form', { name: 'Presupuesto' });
    expect(within(editor).queryByTestId('product-picker')).not.toBeInTheDocument();
    cleanup();

    // Both: the search is there, on new budgets and on draft invoices alike.
    renderModule('/budget/new/list/1/0/0', catalogueApi(), undefined, clerk(['invoicing', 'product']));
    editor = await screen.findByRole('form', { name: 'Presupuesto' });
    expect(pickerOf(editor)).toBeInTheDocument();
    cleanup();
    const draft = { ...invoice, state: 'draft', reference: null, number: null, year: null, budget_id: null };
    renderModule('/invoice/edit/list/1/9/7', catalogueApi({ 'GET invoice/read/9': envelopeOk(draft) }), undefined, withProducts);
    editor = await screen.findByRole('form', { name: 'Factura' });
    expect(pickerOf(editor)).toBeInTheDocument();
  });

  it('searches product/read for active products from 2 characters, trimmed, and hides the discontinued', async () => {
    const api = catalogueApi();
    renderModule('/budget/new/list/1/0/0', api, undefined, withProducts);
    const editor = await screen.findByRole('form', { name: 'Presupuesto' });
    searchCatalogue(editor, ' m ');
    expect(api.calls('GET product/read')).toHaveLength(0);
    searchCatalogue(editor, '  matr ');
    const results = await within(pickerOf(editor)).findByRole('list', { name: 'Productos encontrados' });
    const query = api.calls('GET product/read')[0].query;
    expect(Object.fromEntries(query)).toEqual({ search: 'matr', state: 'active', per_page: '10' });
    // «Matrícula antigua» is discontinued: the host answers it, the editor does not offer it.
    expect(within(results).getAllByTestId('product-result').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Matrícula permiso B · 000011 · 150,00 € sin impuestosAñadir']);
    searchCatalogue(editor, 'nada');
    expect(await within(pickerOf(editor)).findByText('No se ha encontrado ningún producto')).toBeInTheDocument();
  });

  it("fills the empty line with the chosen product, adds the next ones, and saves product_id, price and tax", async () => {
    const api = catalogueApi({ 'POST budget/create': envelopeOk(budget), 'GET budget/read/4': envelopeOk(budget) });
    renderModule('/budget/new/list/1/0/0', api, undefined, withProducts);
    const editor = await screen.findByRole('form', { name: 'Presupuesto' });
    expect(within(editor).getAllByTestId('line')).toHaveLength(1);

    // Its tax (IVA 10 %) is usable: the line takes it, and fills the empty first line.
    searchCatalogue(editor, 'matr');
    fireEvent.click(await within(pickerOf(editor)).findByRole('button', { name: 'Añadir Matrícula permiso B' }));
    expect(within(editor).getAllByTestId('line')).toHaveLength(1);
    expect(within(editor).getByRole('textbox', { name: 'Concepto de la línea 1' })).toHaveValue('Matrícula permiso B');
    expect(within(editor).getByRole('textbox', { name: 'Precio de la línea 1' })).toHaveValue('150,00');
    expect(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 1' })).toHaveValue('1');
    expect(within(editor).getByRole('combobox', { name: 'Impuesto de la línea 1' })).toHaveValue('2');
    expect(within(editor).getAllByTestId('line')[0]).toHaveTextContent('Catálogo · 000011');
    // The results close and the search box is emptied.
    expect(within(pickerOf(editor)).queryByRole('list')).not.toBeInTheDocument();
    expect(within(pickerOf(editor)).getByRole('searchbox')).toHaveValue('');

    // Its tax (IGIC, region off) is not usable on a new line, and the other has only a rate: the default tax.
    searchCatalogue(editor, 'pack');
    fireEvent.click(await within(pickerOf(editor)).findByRole('button', { name: 'Añadir Pack 10 prácticas' }));
    searchCatalogue(editor, 'manual');
    fireEvent.click(await within(pickerOf(editor)).findByRole('button', { name: 'Añadir Manual del alumno' }));
    expect(within(editor).getAllByTestId('line')).toHaveLength(3);
    expect(within(editor).getByRole('combobox', { name: 'Impuesto de la línea 2' })).toHaveValue('1');
    expect(within(editor).getByRole('combobox', { name: 'Impuesto de la línea 3' })).toHaveValue('1');
    // 150 + 15 (10 %) · 300 + 63 · 25 + 5,25
    expect(within(editor).getAllByTestId('line-total').map((c) => c.textContent?.replace(/\u00a0/g, ' '))).toEqual(['165,00 €', '363,00 €', '30,25 €']);

    // A line typed by hand goes without a product; the catalogue's quantity can be changed.
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Cantidad de la línea 3' }), { target: { value: '2' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Añadir línea' }));
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Concepto de la línea 4' }), { target: { value: 'Tasa' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Precio de la línea 4' }), { target: { value: '10' } });
    expect(within(within(editor).getAllByTestId('line')[3]).queryByTestId('line-product')).not.toBeInTheDocument();

    fireEvent.click(within(editor).getByRole('button', { name: 'Crear presupuesto' }));
    await waitFor(() => expect(api.calls('POST budget/create')).toHaveLength(1));
    expect((api.calls('POST budget/create')[0].body as { lines: unknown[] }).lines).toEqual([
      { concept: 'Matrícula permiso B', product_id: 11, price: 15000, quantity: 1, discount_type: null, discount: 0, tax_id: 2 },
      { concept: 'Pack 10 prácticas', product_id: 12, price: 30000, quantity: 1, discount_type: null, discount: 0, tax_id: 1 },
      { concept: 'Manual del alumno', product_id: 13, price: 2500, quantity: 2, discount_type: null, discount: 0, tax_id: 1 },
      { concept: 'Tasa', product_id: null, price: 1000, quantity: 1, discount_type: null, discount: 0, tax_id: 1 },
    ]);
  });

  it('adds a line after one already written, and keeps the product of a stored line when saving', async () => {
    const stored = [{ ...lines[0], product_id: 11 }, lines[1]];
    const draft = { ...invoice, state: 'draft', reference: null, number: null, year: null, budget_id: null, lines: stored };
    const api = catalogueApi({ 'GET invoice/read/9': envelopeOk(draft), 'POST invoice/update': envelopeOk(draft) });
    renderModule('/invoice/edit/list/1/9/7', api, undefined, withProducts);
    const editor = await screen.findByRole('form', { name: 'Factura' });
    // A stored line knows its product's id only: the marker without reference.
    const [first, second] = within(editor).getAllByTestId('line');
    expect(within(first).getByTestId('line-product')).toHaveTextContent(/^Catálogo$/);
    expect(within(second).queryByTestId('line-product')).not.toBeInTheDocument();

    searchCatalogue(editor, 'manual');
    fireEvent.click(await within(pickerOf(editor)).findByRole('button', { name: 'Añadir Manual del alumno' }));
    expect(within(editor).getAllByTestId('line')).toHaveLength(3);
    expect(within(editor).getByRole('textbox', { name: 'Concepto de la línea 2' })).toHaveValue('Clase práctica');

    fireEvent.click(within(editor).getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(api.calls('POST invoice/update')).toHaveLength(1));
    expect((api.calls('POST invoice/update')[0].body as { lines: unknown[] }).lines).toMatchObject([
      { concept: 'Matrícula', product_id: 11, price: 15000, tax_id: 1 },
      { concept: 'Clase práctica', product_id: null, price: 3000 },
      { concept: 'Manual del alumno', product_id: 13, price: 2500, quantity: 1, tax_id: 1 },
    ]);
  });

  it("shows the host's refusal of the search", async () => {
    const api = catalogueApi({ 'GET product/read': readError('SERVICE-000', 'Servicio no disponible: Productos') });
    renderModule('/budget/new/list/1/0/0', api, undefined, withProducts);
    const editor = await screen.findByRole('form', { name: 'Presupuesto' });
    searchCatalogue(editor, 'matr');
    expect(await within(pickerOf(editor)).findByRole('alert')).toHaveTextContent('Servicio no disponible: Productos');
    expect(within(editor).getByRole('textbox', { name: 'Concepto de la línea 1' })).toHaveValue('');
  });
});

describe('/tax/list and /tax/view', () => {
  it('switches a region on and shows the taxes and groups', async () => {
    const regions = [
      { code: 'peninsula', name: 'Península y Baleares (IVA)', active: true },
      { code: 'canarias', name: 'Canarias (IGIC)', active: false },
    ];
    const api = mockApi({
      'GET tax/region': envelopeOk(regions),
      'GET tax/read': envelopeOk(taxes),
      'GET tax/group': envelopeOk([{ name: 'General', taxes: [taxes[0], taxes[2]] }, { name: 'Reducido', taxes: [taxes[1]] }]),
      'POST tax/region': (req: MockRequest) => envelopeOk({ ...regions[1], active: (req.body as { active: boolean }).active }),
    });
    renderModule('/tax/list', api);
    const canarias = await screen.findByRole('switch', { name: 'Región Canarias (IGIC)' });
    expect(canarias).not.toBeChecked();
    const row = screen.getByRole('link', { name: 'IGIC 7 %' }).closest('tr')!;
    expect(within(row).getByTestId('tax-usable')).toHaveTextContent('Inactivo');
    expect(row).toHaveTextContent('7 %');
    expect(screen.getByText('IVA 21 %, IGIC 7 %')).toBeInTheDocument();
    fireEvent.click(canarias);
    await waitFor(() => expect(api.calls('POST tax/region')[0]?.body).toEqual({ code: 'canarias', active: true }));
    expect(await screen.findByText('Canarias (IGIC) activada')).toBeInTheDocument();
  });

  it('creates a tax with its rate as a percentage, sent in hundredths', async () => {
    const api = mockApi({
      'GET tax/region': envelopeOk([{ code: 'ceuta_melilla', name: 'Ceuta y Melilla (IPSI)', active: true }]),
      'POST tax/create': (req: MockRequest) => envelopeOk({ ...tax(12, 'IPSI 10 %', 1000), ...(req.body as object) }),
      'GET tax/read': envelopeOk(tax(12, 'IPSI 10 %', 1000)),
    });
    renderModule('/tax/view/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del impuesto' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'IPSI 10 %' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo' }), { target: { value: 'IPSI' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Región' }), { target: { value: 'ceuta_melilla' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Porcentaje' }), { target: { value: '10,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear impuesto' }));
    await waitFor(() => expect(api.calls('POST tax/create')).toHaveLength(1));
    expect(api.calls('POST tax/create')[0].body).toMatchObject({ name: 'IPSI 10 %', kind: 'IPSI', region: 'ceuta_melilla', rate: 1050, is_default: false });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tax/view/12'));
  });
});

describe('/sales/billing', () => {
  it('lists the series with their next numbers', async () => {
    renderModule('/sales/billing/list/invoice', mockApi({ 'GET sales/billing/read': envelopeOk([series]) }));
    const row = (await screen.findByRole('link', { name: 'A' })).closest('tr')!;
    expect(row).toHaveTextContent('B58378431');
    expect(row).toHaveTextContent('Completa');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(4, 6)).toEqual(['3', '1']);
    expect(screen.getByRole('link', { name: 'Nueva serie' })).toHaveAttribute('href', '/sales/billing/view/invoice/0');
  });

  it("creates a series from the host's schema, and shows the host's refusal under the field", async () => {
    let calls = 0;
    const api = mockApi({
      'POST sales/billing/create': (req: MockRequest) =>
        ++calls === 1 ? writeError('REQ-102', 'El NIF no es válido', { field: 'issuer_tax_code' }) : envelopeOk({ ...series, ...(req.body as object), id: 6 }),
      'GET sales/billing/read/6': envelopeOk({ ...series, id: 6 }),
      'GET sales/billing/maxinvoice/6': envelopeOk({ max: 0, next: 1, year: 2026 }),
      'GET sales/billing/maxbudget/6': envelopeOk({ max: 0, next: 1, year: 2026 }),
    });
    renderModule('/sales/billing/view/invoice/0', api);
    const form = await screen.findByRole('form', { name: 'Datos de la serie' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Código' }), { target: { value: 'A' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'NIF del emisor' }), { target: { value: 'B00000000' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Provincia' }), { target: { value: '28' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear serie' }));
    expect(await within(form).findByText('El NIF no es válido')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'NIF del emisor' }), { target: { value: 'B58378431' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear serie' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sales/billing/view/invoice/6'));
    expect(api.calls('POST sales/billing/create')[1].body).toMatchObject({ code: 'A', issuer_tax_code: 'B58378431', issuer_province_id: 28, simplified: false });
    expect(await screen.findByTestId('series-numbers')).toHaveTextContent('Año 2026: última factura 0, último presupuesto 0');
  });
});

describe('/sales/cashflow/list', () => {
  // The tickets card's reads, answered empty where a test is about something else.
  const cashflowDefaults = { 'POST ticket/readall': page([]), 'GET sales/billing/read': envelopeOk([]), 'GET tax/read': envelopeOk([]) };
  const months = Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, income: i === 2 ? 50820 : 0, expenses: i === 2 ? 5000 : 0, balance: i === 2 ? 45820 : 0, running: i >= 2 ? 45820 : 0 }));
  const chart = { year: 2026, months, income: 50820, expenses: 5000, balance: 45820, labels: months.map((m) => `${m.month.slice(5)}/2026`) };

  it("draws the chart, lists the movements and shows a contact's cash flow", async () => {
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([{ id: 1, state: 'active', date: '2026-03-01', concept: 'Fondo de caja', direction: 'in', amount: 10000, method: 'cash', contact_id: null, notes: '' }]),
      'POST expense/readall': page([]),
      'GET contact/read/7': envelopeOk({ id: 7, display_name: 'Lucía Pérez Gómez', fiscal_code: '54362315K', email: '' }),
      'GET ticket/contact/cashflow/read': envelopeOk({
        contact_id: 7,
        movements: [
          { kind: 'invoice', invoice_id: 9, concept: 'A2026/000003', date: '2026-03-02', amount: 50820, owed: 50820 },
          { kind: 'payment', invoice_id: 9, concept: 'A2026/000003', date: '2026-03-02', amount: 20000, method: 'cash', owed: 30820 },
          { kind: 'payment', invoice_id: 9, concept: 'A2026/000003', date: '2026-03-03', amount: 30820, method: 'card', owed: 0 },
        ],
        invoiced: 50820,
        paid: 50820,
        outstanding: 0,
      }),
    });
    const { container } = renderModule('/sales/cashflow/list?contact_id=7', api);
    expect(await screen.findByRole('img', { name: 'Flujo de caja 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('cashflow-income')).toHaveTextContent('508,20 €');
    expect(container.querySelector('[data-series="Entradas"] rect[data-label="03/2026"]')).toHaveAttribute('data-value', '50820');
    expect(api.calls('GET ticket/chart')[0].query.get('year')).toMatch(/^\d{4}$/);
    const flow = screen.getByTestId('contact-cashflow');
    expect(await within(flow).findByTestId('contact-outstanding')).toHaveTextContent('0,00 €');
    expect(api.calls('GET ticket/contact/cashflow/read')[0].query.get('contact_id')).toBe('7');
    expect(within(flow).getAllByTestId('contact-movement').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Factura'),
      expect.stringContaining('Cobro (Efectivo)'),
      expect.stringContaining('Cobro (Tarjeta)'),
    ]);
    expect(await screen.findByRole('cell', { name: 'Fondo de caja' })).toBeInTheDocument();
  });

  it('shows the error of the chart read and retries', async () => {
    const api = mockApi({ ...cashflowDefaults, 'GET ticket/chart': readError('SERVICE-000', 'Servicio no disponible: Facturación'), 'POST sales/cashflow/readall': page([]), 'POST expense/readall': page([]) });
    renderModule('/sales/cashflow/list', api);
    const alert = await within(screen.getByTestId('cashflow-chart')).findByRole('alert');
    expect(alert).toHaveTextContent('Servicio no disponible: Facturación');
    api.on('GET ticket/chart', envelopeOk(chart));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('img', { name: 'Flujo de caja 2026' })).toBeInTheDocument();
  });

  it('adds an expense with its tax computed by the rule, and the chart is read again', async () => {
    const expense = { id: 3, state: 'active', date: '2026-03-04', concept: 'Gasolina', category: '', provider_contact_id: null, provider_name: 'Estación Sur', provider_tax_code: '', document_number: 'T-88', base: 4132, tax_rate: 2100, tax: 868, total: 5000, method: 'card', notes: '' };
    let stored: unknown[] = [];
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([]),
      'POST expense/readall': () => page(stored),
      'POST expense/create': () => ((stored = [expense]), envelopeOk(expense)),
    });
    renderModule('/sales/cashflow/list', api);
    const card = await screen.findByTestId('expenses');
    const form = within(card).getByRole('form', { name: 'Nuevo gasto' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Concepto' }), { target: { value: 'Gasolina' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Proveedor' }), { target: { value: 'Estación Sur' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Número de factura del proveedor' }), { target: { value: 'T-88' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Base imponible' }), { target: { value: '41,32' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Forma de pago' }), { target: { value: 'card' } });
    // 41,32 € × 21 % = 8,6772 → 8,68 €
    expect(within(form).getByTestId('expense-preview').textContent?.replace(/\u00a0/g, ' ')).toBe('Impuesto 8,68 € · total 50,00 €');
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir gasto' }));
    await waitFor(() => expect(api.calls('POST expense/create')).toHaveLength(1));
    expect(api.calls('POST expense/create')[0].body).toMatchObject({ concept: 'Gasolina', provider_name: 'Estación Sur', document_number: 'T-88', base: 4132, tax_rate: 2100, method: 'card' });
    expect(await within(card).findByRole('cell', { name: 'Gasolina' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET ticket/chart')).toHaveLength(2));
  });

  it('edits an expense in the form: its values loaded, saved through expense/update, the host refusal shown', async () => {
    const expense = { id: 3, state: 'active', date: '2026-03-04', concept: 'Gasolina', category: '', provider_contact_id: null, provider_name: 'Estación Sur', provider_tax_code: '', document_number: 'T-88', base: 4132, tax_rate: 2100, tax: 868, total: 5000, method: 'card', notes: '' };
    let stored = [expense];
    let refuse = true;
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([]),
      'POST expense/readall': () => page(stored),
      'POST expense/update': (req) => {
        if (refuse) {
          refuse = false;
          return writeError('REQ-102', 'El tipo de impuesto no es válido', { field: 'tax_rate' });
        }
        const updated = { ...expense, ...(req.body as object), tax: 1050, total: 6050 };
        stored = [updated];
        return envelopeOk(updated);
      },
    });
    renderModule('/sales/cashflow/list', api);
    const card = await screen.findByTestId('expenses');
    fireEvent.click(await within(card).findByRole('button', { name: 'Editar el gasto Gasolina' }));
    const form = within(card).getByRole('form', { name: 'Editar el gasto Gasolina' });
    expect(within(form).getByRole('textbox', { name: 'Concepto' })).toHaveValue('Gasolina');
    expect(within(form).getByRole('textbox', { name: 'Número de factura del proveedor' })).toHaveValue('T-88');
    expect(within(form).getByRole('textbox', { name: 'Tipo de impuesto (%)' })).toHaveValue('21');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Base imponible' }), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByText('El tipo de impuesto no es válido')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST expense/update')).toHaveLength(2));
    expect(api.calls('POST expense/update')[1].body).toMatchObject({ id: 3, concept: 'Gasolina', base: 5000, tax_rate: 2100, method: 'card', date: '2026-03-04' });
    expect(api.calls('POST expense/create')).toHaveLength(0);
    // Saved: the form adds new expenses again, and the list shows the new total.
    expect(await within(card).findByRole('form', { name: 'Nuevo gasto' })).toBeInTheDocument();
    expect(await within(card).findByRole('cell', { name: /^60,50\s€$/ })).toBeInTheDocument();
  });

  it('issues a ticket in the simplified series, paid in the same call, and lists it', async () => {
    const ticketsSeries = { ...series, id: 2, code: 'T', name: 'Tickets', simplified: true };
    const taxes = [
      { id: 5, state: 'active', name: 'IVA general', kind: 'IVA', rate: 2100, tax_group: 'general', region: 'ES', is_default: true, region_active: true },
      { id: 6, state: 'active', name: 'Exento', kind: 'IVA', rate: 0, tax_group: 'exento', region: 'ES', is_default: false, region_active: true },
    ];
    const ticket = { id: 9, series_id: 2, reference: 'T2026-000001', issue_date: '2026-03-04', total: 3630, state: 'issued', invoice_type: 'F2' };
    let stored: unknown[] = [];
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([]),
      'POST expense/readall': page([]),
      'GET sales/billing/read': envelopeOk([series, ticketsSeries]),
      'GET tax/read': envelopeOk(taxes),
      'POST ticket/readall': () => page(stored),
      'POST ticket/create': () => ((stored = [ticket]), envelopeOk(ticket)),
    });
    renderModule('/sales/cashflow/list', api);
    const card = await screen.findByTestId('tickets');
    const form = await within(card).findByRole('form', { name: 'Nuevo ticket' });
    // Only one simplified series: no series choice.
    expect(within(form).queryByRole('combobox', { name: 'Serie de tickets' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Concepto' }), { target: { value: 'Clase práctica' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Precio sin impuestos' }), { target: { value: '30' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Forma de pago' }), { target: { value: 'card' } });
    expect(within(form).getByTestId('ticket-total').textContent?.replace(/\u00a0/g, ' ')).toBe('Total a cobrar 36,30 €');
    fireEvent.click(within(form).getByRole('button', { name: 'Emitir y cobrar' }));
    await waitFor(() => expect(api.calls('POST ticket/create')).toHaveLength(1));
    expect(api.calls('POST ticket/create')[0].body).toMatchObject({
      series_id: 2,
      lines: [{ concept: 'Clase práctica', price: 3000, quantity: 1, tax_id: 5 }],
      payments: [{ amount: 3630, method: 'card' }],
    });
    expect(await within(card).findByRole('link', { name: 'T2026-000001' })).toHaveAttribute('href', '/invoice/edit/list/2/9/0');
    // An exempt ticket: the total is the price.
    fireEvent.change(within(form).getByRole('combobox', { name: 'Impuesto' }), { target: { value: '6' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Precio sin impuestos' }), { target: { value: '30' } });
    expect(within(form).getByTestId('ticket-total').textContent?.replace(/\u00a0/g, ' ')).toBe('Total a cobrar 30,00 €');
  });

  it("shows the host's refusal of a ticket, and asks for a simplified series when there is none", async () => {
    const ticketsSeries = { ...series, id: 2, code: 'T', name: 'Tickets', simplified: true };
    const taxes = [{ id: 5, state: 'active', name: 'IVA general', kind: 'IVA', rate: 2100, tax_group: 'general', region: 'ES', is_default: true, region_active: true }];
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([]),
      'POST expense/readall': page([]),
      'GET sales/billing/read': envelopeOk([ticketsSeries]),
      'GET tax/read': envelopeOk(taxes),
      'POST ticket/create': writeError('BILLING-013', 'Una factura simplificada no puede superar 400,00 €', { field: 'lines' }),
    });
    renderModule('/sales/cashflow/list', api);
    const form = await within(await screen.findByTestId('tickets')).findByRole('form', { name: 'Nuevo ticket' });
    fireEvent.click(within(form).getByRole('button', { name: 'Emitir y cobrar' }));
    expect(await within(form).findByText('Introduzca un precio mayor que cero')).toBeInTheDocument();
    expect(api.calls('POST ticket/create')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Concepto' }), { target: { value: 'Curso' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Precio sin impuestos' }), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Emitir y cobrar' }));
    expect(await within(form).findByText('Una factura simplificada no puede superar 400,00 €')).toBeInTheDocument();
    cleanup();

    renderModule('/sales/cashflow/list', mockApi({ ...cashflowDefaults, 'GET ticket/chart': envelopeOk(chart), 'POST sales/cashflow/readall': page([]), 'POST expense/readall': page([]), 'GET sales/billing/read': envelopeOk([series]) }));
    const none = await screen.findByTestId('tickets-no-series');
    expect(within(none).getByRole('link', { name: 'Ir a las series' })).toHaveAttribute('href', '/sales/billing/list/invoice');
    expect(within(screen.getByTestId('tickets')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks for an active tax before tickets can be issued', async () => {
    const ticketsSeries = { ...series, id: 2, code: 'T', name: 'Tickets', simplified: true };
    const inactive = [{ id: 5, state: 'active', name: 'IGIC 7 %', kind: 'IGIC', rate: 700, tax_group: 'general', region: 'canarias', is_default: false, region_active: false }];
    const api = mockApi({ ...cashflowDefaults,
      'GET ticket/chart': envelopeOk(chart),
      'POST sales/cashflow/readall': page([]),
      'POST expense/readall': page([]),
      'GET sales/billing/read': envelopeOk([ticketsSeries]),
      'GET tax/read': envelopeOk(inactive),
    });
    renderModule('/sales/cashflow/list', api);
    const none = await screen.findByTestId('tickets-no-tax');
    expect(within(none).getByRole('link', { name: 'Ir a los impuestos' })).toHaveAttribute('href', '/tax/list');
    expect(within(screen.getByTestId('tickets')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('leaves the editing of an expense with Cancelar, without saving', async () => {
    const expense = { id: 3, state: 'active', date: '2026-03-04', concept: 'Gasolina', category: '', provider_contact_id: null, provider_name: 'Estación Sur', provider_tax_code: '', document_number: 'T-88', base: 4132, tax_rate: 2100, tax: 868, total: 5000, method: 'card', notes: '' };
    const api = mockApi({ ...cashflowDefaults, 'GET ticket/chart': envelopeOk(chart), 'POST sales/cashflow/readall': page([]), 'POST expense/readall': page([expense]) });
    renderModule('/sales/cashflow/list', api);
    const card = await screen.findByTestId('expenses');
    fireEvent.click(await within(card).findByRole('button', { name: 'Editar el gasto Gasolina' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    const form = within(card).getByRole('form', { name: 'Nuevo gasto' });
    expect(within(form).getByRole('textbox', { name: 'Concepto' })).toHaveValue('');
    expect(api.calls('POST expense/update')).toHaveLength(0);
  });
});
