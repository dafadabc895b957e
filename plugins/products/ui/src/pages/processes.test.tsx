import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { agreements, contractProcess, detail, emailProcess, formRoutes, onlineTestProcess, page, processRun, product, query } from '../test/fixtures';

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const rows = () => screen.getAllByTestId('process');
const row = (index: number) => rows()[index];
const set = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Añadir proceso' }));
const save = () => fireEvent.click(within(screen.getByRole('form', { name: 'Datos del producto' })).getByRole('button', { name: 'Guardar cambios' }));

/** A stored product's page; update answers the product with what was sent, as the host stores it. */
function productHost(record: ReturnType<typeof product> = product(), routes: Record<string, unknown> = {}) {
  return mockApi({
    ...formRoutes(),
    [`GET product/read/${record.id}`]: envelopeOk(detail(record)),
    'POST product/update': (req: MockRequest) => {
      const sent = req.body as { processes?: { kind: string; agreement_id?: number; subject?: string; body?: string; licence?: string; days?: number }[] };
      const processes = sent.processes?.map((p) => ({ agreement_id: null, subject: '', body: '', licence: '', days: null, ...p }));
      return envelopeOk(detail({ ...record, ...(req.body as object), ...(processes ? { processes } : {}) }));
    },
    'GET agreement/read/all': page(agreements()),
    ...(routes as Record<string, object>),
  });
}

describe("a product's automatic processes", () => {
  it('adds an e-mail and a contract process, in the order chosen, and saves them with the product', async () => {
    const api = productHost();
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    const panel = screen.getByRole('tabpanel', { name: 'Procesos automáticos' });
    expect(within(panel).getByTestId('processes-intro')).toHaveTextContent('cuando la tienda online vende el producto y el banco confirma el pago: una vez por pedido');
    expect(within(panel).getByText('El producto no tiene procesos automáticos')).toBeInTheDocument();

    add();
    // a new process is an e-mail, with the variables the host replaces
    expect(within(row(0)).getByRole('combobox', { name: /^Tipo de proceso/ })).toHaveValue('email');
    expect(within(row(0)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Contrato para firmar', 'Enviar un correo', 'Dar días de test online', 'Ampliar días de test online']);
    expect(within(row(0)).getByText(/se sustituyen \{\{ name \}\} \(el nombre del comprador\), \{\{ product \}\} \(el producto\) y \{\{ reference \}\}/)).toBeInTheDocument();
    set(row(0), /^Asunto del correo/, ' Bienvenida a la autoescuela ');
    set(row(0), /^Texto del correo/, 'Hola {{ name }}, gracias por tu pedido {{ reference }}.');

    add();
    // no agreement is read until a contract needs one
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);
    set(row(1), /^Tipo de proceso/, 'contract');
    expect(within(row(1)).queryByLabelText(/^Asunto/)).not.toBeInTheDocument();
    const agreement = within(row(1)).getByRole('combobox', { name: /^Acuerdo que firmará el comprador/ });
    await waitFor(() => expect(within(agreement).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un acuerdo', 'Autorización de menores', 'Contrato de enseñanza']));
    expect(query(api.calls('GET agreement/read/all')[0])).toEqual({ page: '1', per_page: '500' });

    // a contract without its agreement is refused before anything is sent
    save();
    expect(await within(row(1)).findByTestId('error-processes[1].agreement_id')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST product/update')).toHaveLength(0);
    fireEvent.change(agreement, { target: { value: '7' } });

    // the contract first: "↑" on the second process
    expect(screen.getByRole('button', { name: 'Subir el proceso 1' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Subir el proceso 2' }));
    expect(rows().map((r) => r.querySelector('legend')?.textContent)).toEqual(['1. Contrato para firmar', '2. Enviar un correo']);
    expect(within(row(1)).getByLabelText(/^Asunto del correo/)).toHaveValue(' Bienvenida a la autoescuela ');

    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        {
          id: 11,
          processes: [
            { kind: 'contract', agreement_id: 7 },
            { kind: 'email', subject: 'Bienvenida a la autoescuela', body: 'Hola {{ name }}, gracias por tu pedido {{ reference }}.' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    // as stored again (the kind's other fields empty), nothing changed
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('tab', { name: 'Procesos automáticos' })).toHaveAttribute('aria-selected', 'true');
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST product/update')).toHaveLength(1);
  });

  it('a new product sends its processes with product/create', async () => {
    const api = mockApi({
      ...formRoutes(),
      'POST product/create': envelopeError([{ code: 'REQ-102', data: { field: 'processes' }, details: 'Como máximo 10 procesos por producto' }]),
    });
    renderModule('/product/view/0/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Curso de reciclaje' } });
    tab('Ventas');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio de venta/ }), { target: { value: '100' } });
    tab('Procesos automáticos');
    add();
    set(row(0), /^Asunto del correo/, 'Gracias');
    set(row(0), /^Texto del correo/, 'Hola {{ name }}');
    tab('General');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear producto' }));
    await waitFor(() => expect(api.calls('POST product/create')).toHaveLength(1));
    expect(api.calls('POST product/create')[0].body).toMatchObject({ name: 'Curso de reciclaje', processes: [{ kind: 'email', subject: 'Gracias', body: 'Hola {{ name }}' }] });
    // the error about the list goes under it, its tab shown
    expect(await within(form).findByTestId('error-processes')).toHaveTextContent('Como máximo 10 procesos por producto');
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("the host's errors go under the process's field they name, and its tab is marked and shown", async () => {
    const record = product({ processes: [emailProcess(), emailProcess('Recordatorio', 'Su pedido {{ reference }}')] });
    const api = productHost(record, {
      'POST product/update': envelopeError([
        { code: 'REQ-102', data: { field: 'processes[1].subject' }, details: 'El campo processes[1].subject admite como máximo 200 caracteres' },
        { code: 'REQ-102', data: { field: 'processes[0].kind' }, details: 'El proceso es contract, email, online_test_days u online_test_extend' },
      ]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Curso teórico B plus' } });
    save();
    const subject = await within(row(1)).findByTestId('error-processes[1].subject');
    expect(subject).toHaveTextContent('El campo processes[1].subject admite como máximo 200 caracteres');
    expect(within(row(1)).getByLabelText(/^Asunto del correo/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(row(1)).getByLabelText(/^Asunto del correo/)).toHaveAttribute('aria-describedby', subject.id);
    expect(within(row(0)).queryByTestId('error-processes[1].subject')).not.toBeInTheDocument();
    expect(within(row(0)).getByTestId('error-processes[0].kind')).toHaveTextContent('El proceso es contract, email, online_test_days u online_test_extend');
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAccessibleName('Procesos automáticos (revise los campos)');
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAttribute('aria-selected', 'true');
    expect(api.calls('POST product/update')[0].body).toEqual({ id: 11, name: 'Curso teórico B plus' });

    // a process taken off takes the processes' errors with it (their indexes no longer apply)
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    fireEvent.click(within(row(0)).getByRole('button', { name: 'Quitar el proceso 1 (Enviar un correo)' }));
    expect(rows()).toHaveLength(1);
    expect(within(row(0)).getByLabelText(/^Asunto del correo/)).toHaveValue('Recordatorio');
    expect(screen.queryByTestId('error-processes[1].subject')).not.toBeInTheDocument();
    expect(screen.queryByTestId('error-processes[0].kind')).not.toBeInTheDocument();
  });

  it('when the agreements module is off, a contract process says so and keeps its agreement; e-mail processes are still saved', async () => {
    const record = product({ processes: [contractProcess(7)] });
    const api = productHost(record, { 'GET agreement/read/all': readError('SERVICE-000', 'La empresa no tiene este servicio activo', { service: 'agreement' }) });
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    expect(await within(row(0)).findByRole('alert')).toHaveTextContent('El módulo de acuerdos no está activo');
    const agreement = within(row(0)).getByRole('combobox', { name: /^Acuerdo que firmará el comprador/ });
    expect(agreement).toHaveValue('7');
    expect(within(agreement).getByRole('option', { name: 'Acuerdo n.º 7' })).toBeInTheDocument();

    add();
    expect(within(row(1)).queryByRole('alert')).not.toBeInTheDocument();
    // read once, not again for each contract row
    expect(api.calls('GET agreement/read/all')).toHaveLength(1);
    set(row(1), /^Asunto del correo/, 'Bienvenida');
    set(row(1), /^Texto del correo/, 'Hola {{ name }}');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'contract', agreement_id: 7 }, { kind: 'email', subject: 'Bienvenida', body: 'Hola {{ name }}' }] },
      ]),
    );
  });

  it('a module not installed (no such call) says the same; without the permission, that', async () => {
    const record = product({ processes: [contractProcess(7)] });
    const { unmount } = renderModule('/product/view/11/0', productHost(record, { 'GET agreement/read/all': readError('REQ-404', 'Llamada desconocida') }));
    expect(await screen.findByTestId('agreements-problem')).toHaveTextContent('El módulo de acuerdos no está activo');
    unmount();
    renderModule('/product/view/11/0', productHost(record, { 'GET agreement/read/all': readError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'agreement' }) }));
    expect(await screen.findByTestId('agreements-problem')).toHaveTextContent('No tiene permiso para ver los acuerdos');
  });

  it('a process of a kind this form does not edit is kept, and sent back as it was read', async () => {
    const other = { kind: 'sms_reminder', agreement_id: null, subject: '', body: '', licence: '', days: null, phone_text: 'Gracias por su compra' };
    const api = productHost(product({ processes: [other, emailProcess()] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Otro proceso (sms_reminder)');
    expect(within(row(0)).getByTestId('process-kept')).toHaveTextContent('se guarda tal como está');
    expect(within(row(0)).getByRole('combobox', { name: /^Tipo de proceso/ })).toHaveValue('sms_reminder');
    expect(within(row(0)).queryByLabelText(/^Permiso de los tests/)).not.toBeInTheDocument();
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    // moved below the e-mail, it goes as it was
    fireEvent.click(screen.getByRole('button', { name: 'Bajar el proceso 1' }));
    save();
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, processes: [{ kind: 'email', subject: 'Bienvenida', body: 'Hola {{ name }}, gracias por comprar {{ product }}.' }, other] }]));
  });

  it('adds an online-test process: a licence and the days, checked before sending, and sends {kind, licence, days}', async () => {
    const api = productHost();
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(0), /^Asunto del correo/, 'Un asunto que no se envía');
    set(row(0), /^Tipo de proceso/, 'online_test_days');
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Dar días de test online');
    expect(within(row(0)).queryByLabelText(/^Asunto del correo/)).not.toBeInTheDocument();
    const licence = within(row(0)).getByRole('combobox', { name: /^Permiso de los tests/ });
    expect(within(licence).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Elija el permiso', 'A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV',
    ]);
    expect(within(row(0)).getByText(/De 1 a 1095: el acceso dura hasta hoy más estos días/)).toBeInTheDocument();
    expect(within(row(0)).getByTestId('process-student')).toHaveTextContent('DNI o NIE del comprador en el pedido; si no existe, se crea');
    // no agreement is read for it
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);

    // neither a licence nor days: refused before anything is sent
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].licence')).toHaveTextContent('Este campo es obligatorio');
    expect(within(row(0)).getByTestId('error-processes[0].days')).toHaveTextContent('Este campo es obligatorio');
    // days out of range or not whole
    set(row(0), /^Días de acceso/, '1096');
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].days')).toHaveTextContent('Los días de acceso van de 1 a 1095');
    set(row(0), /^Días de acceso/, '7,5');
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].days')).toHaveTextContent('Los días de acceso van de 1 a 1095');
    expect(api.calls('POST product/update')).toHaveLength(0);

    fireEvent.change(licence, { target: { value: 'B' } });
    set(row(0), /^Días de acceso/, ' 90 ');
    save();
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, processes: [{ kind: 'online_test_days', licence: 'B', days: 90 }] }]));
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    // as stored again (the kind's other fields empty), nothing changed
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST product/update')).toHaveLength(1);
  });

  it("the host's errors on an online-test process's licence and days go under their inputs", async () => {
    const record = product({ processes: [onlineTestProcess('online_test_days', 'B', 90)] });
    const api = productHost(record, {
      'POST product/update': envelopeError([
        { code: 'REQ-102', data: { field: 'processes[0].days' }, details: 'Los días de acceso van de 1 a 1095' },
        { code: 'REQ-102', data: { field: 'processes[0].licence' }, details: 'Elija el permiso de los tests' },
      ]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    set(row(0), /^Días de acceso/, '120');
    save();
    const days = await within(row(0)).findByTestId('error-processes[0].days');
    expect(days).toHaveTextContent('Los días de acceso van de 1 a 1095');
    const input = within(row(0)).getByRole('textbox', { name: /^Días de acceso/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', days.id);
    expect(input).toHaveValue('120');
    const licence = within(row(0)).getByTestId('error-processes[0].licence');
    expect(licence).toHaveTextContent('Elija el permiso de los tests');
    expect(within(row(0)).getByRole('combobox', { name: /^Permiso de los tests/ })).toHaveAttribute('aria-describedby', licence.id);
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAccessibleName('Procesos automáticos (revise los campos)');
    expect(api.calls('POST product/update')[0].body).toEqual({ id: 11, processes: [{ kind: 'online_test_days', licence: 'B', days: 120 }] });
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
  });

  it('an online_test_extend process read from the host is edited in place', async () => {
    const record = product({ processes: [emailProcess(), onlineTestProcess('online_test_extend', 'C1', 30)] });
    const api = productHost(record);
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Ampliar días de test online');
    expect(within(row(1)).queryByTestId('process-kept')).not.toBeInTheDocument();
    expect(within(row(1)).getByRole('combobox', { name: /^Tipo de proceso/ })).toHaveValue('online_test_extend');
    expect(within(row(1)).getByRole('combobox', { name: /^Permiso de los tests/ })).toHaveValue('C1');
    expect(within(row(1)).getByRole('textbox', { name: /^Días de acceso/ })).toHaveValue('30');
    expect(within(row(1)).getByText(/se suman al final del acceso actual/)).toBeInTheDocument();
    // as read, nothing changed
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));

    set(row(1), /^Permiso de los tests/, 'D');
    set(row(1), /^Días de acceso/, '60');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'email', subject: 'Bienvenida', body: 'Hola {{ name }}, gracias por comprar {{ product }}.' }, { kind: 'online_test_extend', licence: 'D', days: 60 }] },
      ]),
    );
    expect(rows()).toHaveLength(2);
  });

  it('a deleted product shows its processes read only', async () => {
    renderModule('/product/view/11/0', productHost(product({ state: 'deleted', processes: [emailProcess()] })));
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    expect(within(row(0)).getByLabelText(/^Asunto del correo/)).toBeDisabled();
    expect(within(row(0)).getByLabelText(/^Texto del correo/)).toHaveValue('Hola {{ name }}, gracias por comprar {{ product }}.');
    expect(screen.queryByRole('button', { name: 'Añadir proceso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Quitar el proceso/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Subir el proceso/ })).not.toBeInTheDocument();
  });
});

describe('"Procesos ejecutados"', () => {
  it('lists what the processes did for each order, newest first: date, order, process, result and detail', async () => {
    const failed = processRun({
      id: 2,
      order_id: 502,
      order_reference: 'W-000502',
      position: 1,
      kind: 'contract',
      kind_name: 'Contrato para firmar',
      ok: false,
      detail: 'No se ha podido pedir la firma: El servicio de acuerdos no está activo',
      buyer_email: 'luis@example.com',
      ran_at: '2026-07-01T16:05:09Z',
    });
    const api = productHost(product(), { 'GET product/process/runs': page([failed, processRun()]) });
    renderModule('/product/view/11/0', api);
    const section = await screen.findByTestId('process-runs');
    expect(within(section).getByRole('heading', { name: 'Procesos ejecutados' })).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Procesos ejecutados' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Pedido', 'Proceso', 'Resultado', 'Detalle']);
    await waitFor(() => expect(within(table).getAllByTestId('run-result')).toHaveLength(2));
    const cells = within(table)
      .getAllByTestId('run-result')
      .map((badge) => [...badge.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['01/07/2026 - 18:05:09', 'W-000502luis@example.com', 'Contrato para firmar', 'Error', 'No se ha podido pedir la firma: El servicio de acuerdos no está activo'],
      ['14/03/2026 - 10:30:00', 'W-000501ana@example.com', 'Enviar un correo', 'OK', 'Correo «Bienvenida» enviado a ana@example.com'],
    ]);
    expect(within(table).getAllByTestId('run-result')[0]).toHaveClass('vk-badge--danger');
    expect(within(table).getAllByTestId('run-result')[1]).toHaveClass('vk-badge--success');
    expect(query(api.calls('GET product/process/runs')[0])).toEqual({ product_id: '11', page: '1', per_page: '10' });
    // a short list has no paginator
    expect(within(section).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says when nothing has run yet; a long list is paged with the kit paginator', async () => {
    const api = productHost(product(), {
      'GET product/process/runs': (req: MockRequest) => {
        const at = Number(query(req).page);
        const items = at === 1 ? Array.from({ length: 10 }, (_, i) => processRun({ id: 30 - i })) : [processRun({ id: 5, ok: false, detail: 'El pedido no tiene correo del comprador' })];
        return page(items, { total: 11, page: at, per_page: 10, from: at === 1 ? 1 : 11, to: at === 1 ? 10 : 11 });
      },
    });
    renderModule('/product/view/11/0', api);
    const section = await screen.findByTestId('process-runs');
    expect(await within(section).findByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 10 de 11');
    fireEvent.click(within(section).getByRole('button', { name: 'Página 2' }));
    expect(await within(section).findByText('El pedido no tiene correo del comprador')).toBeInTheDocument();
    expect(query(api.calls('GET product/process/runs').at(-1)!)).toEqual({ product_id: '11', page: '2', per_page: '10' });
    expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 11 a 11 de 11');
  });

  it('an empty list, or a failed read with a retry', async () => {
    const api = productHost(product(), { 'GET product/process/runs': readError('SERVER-000', 'Error interno del servidor') });
    renderModule('/product/view/11/0', api);
    const section = await screen.findByTestId('process-runs');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on('GET product/process/runs', page([]));
    fireEvent.click(within(section).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByText('Los procesos automáticos todavía no se han ejecutado para este producto')).toBeInTheDocument();
  });

  it('a new product has none to show', async () => {
    renderModule('/product/view/0/0', mockApi(formRoutes()));
    await screen.findByRole('form', { name: 'Nuevo producto' });
    expect(screen.queryByTestId('process-runs')).not.toBeInTheDocument();
  });
});
