import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import {
  agreements,
  contractProcess,
  customerModeProcess,
  detail,
  emailProcess,
  formativeContentProcess,
  formativeContents,
  formativePercentageProcess,
  formRoutes,
  onlineTestProcess,
  page,
  practiceClassProcess,
  practiceTypes,
  processRun,
  product,
  query,
  testRepetitionsProcess,
} from '../test/fixtures';

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const rows = () => screen.getAllByTestId('process');
const row = (index: number) => rows()[index];
const set = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Añadir proceso' }));
/** Whether a field's label carries the kit's required mark (" *"). */
const marked = (input: HTMLElement) => document.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.textContent?.endsWith('*');
const save = () => fireEvent.click(within(screen.getByRole('form', { name: 'Datos del producto' })).getByRole('button', { name: 'Guardar cambios' }));

/** A stored product's page; update answers the product with what was sent, as the host stores it. */
function productHost(record: ReturnType<typeof product> = product(), routes: Record<string, unknown> = {}) {
  return mockApi({
    ...formRoutes(),
    [`GET product/read/${record.id}`]: envelopeOk(detail(record)),
    'POST product/update': (req: MockRequest) => {
      const sent = req.body as { processes?: { kind: string; [field: string]: unknown }[] };
      const processes = sent.processes?.map((p) => ({ agreement_id: null, subject: '', body: '', licence: '', days: null, content_id: null, percentage: null, practice_type_id: null, quantity: null, repetitions: null, ...p }));
      return envelopeOk(detail({ ...record, ...(req.body as object), ...(processes ? { processes } : {}) }));
    },
    'GET agreement/read/all': page(agreements()),
    'GET formative/content/read': page(formativeContents()),
    'GET hermes/practice/type/read': page(practiceTypes()),
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
    expect(within(row(0)).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Contrato para firmar', 'Enviar un correo', 'Dar días de test online', 'Ampliar días de test online', 'Contenidos formativos', 'Porcentaje de contenidos',
      'Clases prácticas', 'Cliente en modo demostración', 'Cliente matriculado', 'Repeticiones de los test',
    ]);
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
    // neither agreements nor contents are read for it
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);
    expect(api.calls('GET formative/content/read')).toHaveLength(0);

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

  it('adds a formative-content process: a published content, read once, and the days (empty: the content\'s own, sent as null)', async () => {
    const api = productHost();
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    // no content is read until a formative process needs one
    expect(api.calls('GET formative/content/read')).toHaveLength(0);
    set(row(0), /^Tipo de proceso/, 'formative_content');
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Contenidos formativos');
    expect(within(row(0)).queryByLabelText(/^Asunto del correo/)).not.toBeInTheDocument();
    expect(within(row(0)).queryByLabelText(/^Permiso de los tests/)).not.toBeInTheDocument();
    expect(within(row(0)).queryByLabelText(/^Porcentaje abierto/)).not.toBeInTheDocument();
    const content = within(row(0)).getByRole('combobox', { name: /^Contenido formativo/ });
    // the published contents, by name
    await waitFor(() => expect(within(content).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un contenido formativo', 'CAP inicial', 'Teórico B online']));
    expect(query(api.calls('GET formative/content/read')[0])).toEqual({ status: 'publish', page: '1', per_page: '500' });
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);
    const days = within(row(0)).getByRole('textbox', { name: /^Días de acceso/ });
    expect(marked(days)).toBe(false);
    expect(marked(content)).toBe(true);
    expect(days).toHaveAttribute('inputmode', 'numeric');
    expect(within(row(0)).getByText(/Vacío: los días de acceso del contenido/)).toBeInTheDocument();
    expect(within(row(0)).queryByTestId('process-student')).not.toBeInTheDocument();
    // another formative row does not read them again
    add();
    set(row(1), /^Tipo de proceso/, 'formative_percentage');
    expect(within(within(row(1)).getByRole('combobox', { name: /^Contenido formativo/ })).getAllByRole('option')).toHaveLength(3);
    expect(api.calls('GET formative/content/read')).toHaveLength(1);
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Quitar el proceso 2 (Porcentaje de contenidos)' }));

    // no content: refused before anything is sent; days out of range or not whole too
    set(row(0), /^Días de acceso/, '0');
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].content_id')).toHaveTextContent('Este campo es obligatorio');
    expect(within(row(0)).getByTestId('error-processes[0].days')).toHaveTextContent('Los días de acceso van de 1 a 1095');
    set(row(0), /^Días de acceso/, '30,5');
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].days')).toHaveTextContent('Los días de acceso van de 1 a 1095');
    expect(api.calls('POST product/update')).toHaveLength(0);

    // a content and no days: the content's own (null)
    fireEvent.change(content, { target: { value: '31' } });
    set(row(0), /^Días de acceso/, '  ');
    save();
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, processes: [{ kind: 'formative_content', content_id: 31, days: null }] }]));
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    // as stored again, nothing changed
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));

    // days typed: sent as a number
    set(row(0), /^Contenido formativo/, '32');
    set(row(0), /^Días de acceso/, ' 365 ');
    save();
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toHaveLength(2));
    expect(api.calls('POST product/update')[1].body).toEqual({ id: 11, processes: [{ kind: 'formative_content', content_id: 32, days: 365 }] });
  });

  it('adds a content-percentage process: the content and a whole percentage 1–100, both required', async () => {
    const api = productHost(product({ processes: [formativeContentProcess(31, 90)] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(1), /^Tipo de proceso/, 'formative_percentage');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Porcentaje de contenidos');
    expect(within(row(1)).queryByLabelText(/^Días de acceso/)).not.toBeInTheDocument();
    const percentage = within(row(1)).getByRole('textbox', { name: /^Porcentaje abierto/ });
    expect(marked(percentage)).toBe(true);
    expect(within(row(1)).getByText(/De 1 a 100: la parte de las lecciones abierta al comprador/)).toBeInTheDocument();
    const content = within(row(1)).getByRole('combobox', { name: /^Contenido formativo/ });
    await waitFor(() => expect(within(content).getAllByRole('option')).toHaveLength(3));
    expect(api.calls('GET formative/content/read')).toHaveLength(1);

    save();
    expect(await within(row(1)).findByTestId('error-processes[1].content_id')).toHaveTextContent('Este campo es obligatorio');
    expect(within(row(1)).getByTestId('error-processes[1].percentage')).toHaveTextContent('Este campo es obligatorio');
    expect(within(row(0)).queryByTestId('error-processes[0].content_id')).not.toBeInTheDocument();
    set(row(1), /^Porcentaje abierto/, '101');
    save();
    expect(await within(row(1)).findByTestId('error-processes[1].percentage')).toHaveTextContent('El porcentaje va de 1 a 100');
    set(row(1), /^Porcentaje abierto/, '0');
    save();
    expect(await within(row(1)).findByTestId('error-processes[1].percentage')).toHaveTextContent('El porcentaje va de 1 a 100');
    expect(api.calls('POST product/update')).toHaveLength(0);

    fireEvent.change(content, { target: { value: '32' } });
    set(row(1), /^Porcentaje abierto/, '50');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'formative_content', content_id: 31, days: 90 }, { kind: 'formative_percentage', content_id: 32, percentage: 50 }] },
      ]),
    );
  });

  it('stored formative processes are edited in place, as read nothing changes', async () => {
    const api = productHost(product({ processes: [formativeContentProcess(31, null), formativePercentageProcess(32, 40)] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    expect(rows().map((r) => r.querySelector('legend')?.textContent)).toEqual(['1. Contenidos formativos', '2. Porcentaje de contenidos']);
    expect(screen.queryByTestId('process-kept')).not.toBeInTheDocument();
    await waitFor(() => expect(within(row(0)).getByRole('combobox', { name: /^Contenido formativo/ })).toHaveDisplayValue('Teórico B online'));
    expect(within(row(0)).getByRole('textbox', { name: /^Días de acceso/ })).toHaveValue('');
    expect(within(row(1)).getByRole('combobox', { name: /^Contenido formativo/ })).toHaveDisplayValue('CAP inicial');
    expect(within(row(1)).getByRole('textbox', { name: /^Porcentaje abierto/ })).toHaveValue('40');
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    set(row(1), /^Porcentaje abierto/, '100');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'formative_content', content_id: 31, days: null }, { kind: 'formative_percentage', content_id: 32, percentage: 100 }] },
      ]),
    );
  });

  it("the host's errors on a formative process's content, days and percentage go under their inputs", async () => {
    const record = product({ processes: [formativeContentProcess(31, 30), formativePercentageProcess(32, 50)] });
    const api = productHost(record, {
      'POST product/update': envelopeError([
        { code: 'REQ-102', data: { field: 'processes[0].content_id' }, details: 'Elija el contenido formativo' },
        { code: 'REQ-102', data: { field: 'processes[0].days' }, details: 'Los días de acceso van de 1 a 1095' },
        { code: 'REQ-102', data: { field: 'processes[1].percentage' }, details: 'El porcentaje va de 1 a 100' },
      ]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    set(row(0), /^Días de acceso/, '60');
    save();
    const content = await within(row(0)).findByTestId('error-processes[0].content_id');
    expect(content).toHaveTextContent('Elija el contenido formativo');
    expect(within(row(0)).getByRole('combobox', { name: /^Contenido formativo/ })).toHaveAttribute('aria-describedby', content.id);
    const days = within(row(0)).getByTestId('error-processes[0].days');
    expect(days).toHaveTextContent('Los días de acceso van de 1 a 1095');
    expect(within(row(0)).getByRole('textbox', { name: /^Días de acceso/ })).toHaveAttribute('aria-describedby', days.id);
    expect(within(row(0)).getByRole('textbox', { name: /^Días de acceso/ })).toHaveAttribute('aria-invalid', 'true');
    const percentage = within(row(1)).getByTestId('error-processes[1].percentage');
    expect(percentage).toHaveTextContent('El porcentaje va de 1 a 100');
    expect(within(row(1)).getByRole('textbox', { name: /^Porcentaje abierto/ })).toHaveAttribute('aria-describedby', percentage.id);
    expect(within(row(1)).queryByTestId('error-processes[1].content_id')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAccessibleName('Procesos automáticos (revise los campos)');
    expect(api.calls('POST product/update')[0].body).toEqual({
      id: 11,
      processes: [{ kind: 'formative_content', content_id: 31, days: 60 }, { kind: 'formative_percentage', content_id: 32, percentage: 50 }],
    });
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
  });

  it('when the formative module is off, formative processes say so and keep their content; the others are still saved', async () => {
    const record = product({ processes: [formativePercentageProcess(31, 50), contractProcess(7)] });
    const api = productHost(record, { 'GET formative/content/read': readError('SERVICE-000', 'La empresa no tiene este servicio activo', { service: 'formative' }) });
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    const problem = await within(row(0)).findByTestId('contents-problem');
    expect(problem).toHaveRole('alert');
    expect(problem).toHaveTextContent('El módulo de contenidos formativos no está activo: no se puede elegir el contenido.');
    const content = within(row(0)).getByRole('combobox', { name: /^Contenido formativo/ });
    expect(content).toHaveValue('31');
    expect(within(content).getByRole('option', { name: 'Contenido n.º 31' })).toBeInTheDocument();
    // the contract's agreements were read: its row says nothing, and it names no content problem
    await waitFor(() => expect(within(row(1)).getByRole('combobox', { name: /^Acuerdo que firmará el comprador/ })).toHaveDisplayValue('Contrato de enseñanza'));
    expect(within(row(1)).queryByRole('alert')).not.toBeInTheDocument();

    add();
    set(row(2), /^Tipo de proceso/, 'formative_content');
    expect(within(row(2)).getByTestId('contents-problem')).toHaveTextContent('El módulo de contenidos formativos no está activo');
    // read once, not again for each formative row
    expect(api.calls('GET formative/content/read')).toHaveLength(1);
    set(row(2), /^Tipo de proceso/, 'email');
    set(row(2), /^Asunto del correo/, 'Bienvenida');
    set(row(2), /^Texto del correo/, 'Hola {{ name }}');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        {
          id: 11,
          processes: [{ kind: 'formative_percentage', content_id: 31, percentage: 50 }, { kind: 'contract', agreement_id: 7 }, { kind: 'email', subject: 'Bienvenida', body: 'Hola {{ name }}' }],
        },
      ]),
    );
  });

  it('the formative module not installed says the same; without its permission, that; another refusal, the host\'s reason', async () => {
    const record = product({ processes: [formativeContentProcess(31)] });
    const cases: [unknown, string][] = [
      [readError('REQ-404', 'Llamada desconocida'), 'El módulo de contenidos formativos no está activo'],
      [readError('NOT-FOUND-000', 'No encontrado'), 'El módulo de contenidos formativos no está activo'],
      [readError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'formative' }), 'No tiene permiso para ver los contenidos formativos: no se puede elegir el contenido.'],
      [readError('CONFLICT-000', 'El módulo de temarios no está activo'), 'No se han podido cargar los contenidos formativos: El módulo de temarios no está activo'],
    ];
    for (const [answer, text] of cases) {
      const { unmount } = renderModule('/product/view/11/0', productHost(record, { 'GET formative/content/read': answer }));
      expect(await screen.findByTestId('contents-problem')).toHaveTextContent(text);
      expect(screen.queryByTestId('agreements-problem')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('says when there is no published content', async () => {
    const api = productHost(product(), { 'GET formative/content/read': page([]) });
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(0), /^Tipo de proceso/, 'formative_percentage');
    expect(await within(row(0)).findByText('No hay contenidos formativos publicados: créelos y publíquelos en el módulo de contenidos formativos')).toBeInTheDocument();
    expect(within(row(0)).queryByTestId('contents-problem')).not.toBeInTheDocument();
  });

  it('adds a practical-classes process: an active type of the practices module, read once, and 1–200 lessons; sends {kind, practice_type_id, quantity}', async () => {
    const api = productHost();
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    // no type is read until a practical-classes process needs one
    expect(api.calls('GET hermes/practice/type/read')).toHaveLength(0);
    set(row(0), /^Tipo de proceso/, 'practice_class');
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Clases prácticas');
    expect(within(row(0)).queryByLabelText(/^Asunto del correo/)).not.toBeInTheDocument();
    expect(within(row(0)).queryByLabelText(/^Permiso de los tests/)).not.toBeInTheDocument();
    const type = within(row(0)).getByRole('combobox', { name: /^Tipo de práctica/ });
    // the active types, by name, each with its licence
    await waitFor(() =>
      expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Elija un tipo de práctica', 'Autopista (permiso B)', 'Clase de circulación (permiso B)', 'Clase de pista (permiso A2)',
      ]),
    );
    expect(query(api.calls('GET hermes/practice/type/read')[0])).toEqual({ state: 'active', page: '1', per_page: '500' });
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);
    expect(api.calls('GET formative/content/read')).toHaveLength(0);
    const quantity = within(row(0)).getByRole('textbox', { name: /^Clases por unidad comprada/ });
    expect(marked(type)).toBe(true);
    expect(marked(quantity)).toBe(true);
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    expect(within(row(0)).getByText(/De 1 a 200: las clases del bono por cada unidad comprada/)).toBeInTheDocument();
    expect(within(row(0)).queryByTestId('practice-types-problem')).not.toBeInTheDocument();
    // another practical-classes row does not read them again
    add();
    set(row(1), /^Tipo de proceso/, 'practice_class');
    expect(within(within(row(1)).getByRole('combobox', { name: /^Tipo de práctica/ })).getAllByRole('option')).toHaveLength(4);
    expect(api.calls('GET hermes/practice/type/read')).toHaveLength(1);
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Quitar el proceso 2 (Clases prácticas)' }));

    // neither a type nor lessons: refused before anything is sent, with the host's words
    save();
    expect(await within(row(0)).findByTestId('error-processes[0].practice_type_id')).toHaveTextContent('Elija el tipo de práctica');
    expect(within(row(0)).getByTestId('error-processes[0].quantity')).toHaveTextContent('Este campo es obligatorio');
    for (const wrong of ['0', '201', '2,5']) {
      set(row(0), /^Clases por unidad comprada/, wrong);
      save();
      await waitFor(() => expect(within(row(0)).getByTestId('error-processes[0].quantity')).toHaveTextContent('Las clases van de 1 a 200'));
      expect(quantity).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.calls('POST product/update')).toHaveLength(0);

    fireEvent.change(type, { target: { value: '4' } });
    set(row(0), /^Clases por unidad comprada/, ' 5 ');
    // once filled in, the legend says what it gives
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Clases prácticas: 5 de Clase de circulación (B)');
    save();
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, processes: [{ kind: 'practice_class', practice_type_id: 4, quantity: 5 }] }]));
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    // as stored again (the kind's other fields empty), nothing changed
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST product/update')).toHaveLength(1);
  });

  it('adds the customer modes: no fields, a line saying what each allows, sent as {kind}', async () => {
    const api = productHost(product({ processes: [onlineTestProcess('online_test_days', 'B', 90)] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(1), /^Asunto del correo/, 'Un asunto que no se envía');
    set(row(1), /^Tipo de proceso/, 'customer_demo');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Cliente en modo demostración');
    // the kind is its only field
    expect(within(row(1)).getAllByRole('combobox')).toHaveLength(1);
    expect(within(row(1)).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(row(1)).getByTestId('process-note')).toHaveTextContent(
      'El comprador podrá comprar una matrícula, pero no renovar ni ampliar (productos con «Ampliar días de test online» o «Porcentaje de contenidos»).',
    );
    expect(within(row(0)).queryByTestId('process-note')).not.toBeInTheDocument();
    add();
    set(row(2), /^Tipo de proceso/, 'customer_enrolled');
    expect(row(2).querySelector('legend')).toHaveTextContent('3. Cliente matriculado');
    expect(within(row(2)).getByTestId('process-note')).toHaveTextContent(/^El comprador podrá renovar y ampliar\.$/);
    // no other module is read for them
    expect(api.calls('GET hermes/practice/type/read')).toHaveLength(0);
    expect(api.calls('GET agreement/read/all')).toHaveLength(0);
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'online_test_days', licence: 'B', days: 90 }, { kind: 'customer_demo' }, { kind: 'customer_enrolled' }] },
      ]),
    );
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
  });

  it('adds a test-repetitions process: a licence and 0–99 repetitions, after the online-test days; sends {kind, licence, repetitions}', async () => {
    const api = productHost(product({ processes: [onlineTestProcess('online_test_days', 'B', 90)] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(1), /^Tipo de proceso/, 'test_repetitions');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Repeticiones de los test');
    expect(within(row(1)).queryByLabelText(/^Días de acceso/)).not.toBeInTheDocument();
    const licence = within(row(1)).getByRole('combobox', { name: /^Permiso de los tests/ });
    // the online tests' select of the 18 classes
    expect(within(licence).getAllByRole('option')).toHaveLength(19);
    expect(within(licence).getAllByRole('option')[6]).toHaveTextContent('B');
    const repetitions = within(row(1)).getByRole('textbox', { name: /^Repeticiones de cada test/ });
    expect(marked(repetitions)).toBe(true);
    expect(within(row(1)).getByText(/De 0 a 99: cada test se puede hacer una vez más estas veces/)).toBeInTheDocument();
    expect(within(row(1)).getByTestId('process-note')).toHaveTextContent(
      'Necesita que el comprador tenga acceso a los test del permiso: póngalo después de «Dar días de test online».',
    );
    expect(within(row(1)).queryByTestId('process-student')).not.toBeInTheDocument();

    save();
    expect(await within(row(1)).findByTestId('error-processes[1].licence')).toHaveTextContent('Elija el permiso de los tests');
    expect(within(row(1)).getByTestId('error-processes[1].repetitions')).toHaveTextContent('Este campo es obligatorio');
    for (const wrong of ['100', '-1', '1,5']) {
      set(row(1), /^Repeticiones de cada test/, wrong);
      save();
      await waitFor(() => expect(within(row(1)).getByTestId('error-processes[1].repetitions')).toHaveTextContent('Las repeticiones de cada test van de 0 a 99'));
    }
    expect(api.calls('POST product/update')).toHaveLength(0);

    fireEvent.change(licence, { target: { value: 'B' } });
    // none: each test once
    set(row(1), /^Repeticiones de cada test/, '0');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Repeticiones de los test: permiso B, 0 veces');
    set(row(1), /^Repeticiones de cada test/, '1');
    expect(row(1).querySelector('legend')).toHaveTextContent('2. Repeticiones de los test: permiso B, 1 vez');
    set(row(1), /^Repeticiones de cada test/, '0');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'online_test_days', licence: 'B', days: 90 }, { kind: 'test_repetitions', licence: 'B', repetitions: 0 }] },
      ]),
    );
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST product/update')).toHaveLength(1);
  });

  it('stored processes of the new kinds are shown readably and edited in place; as read nothing changes', async () => {
    const api = productHost(product({ processes: [practiceClassProcess(4, 5), customerModeProcess('customer_demo'), customerModeProcess('customer_enrolled'), testRepetitionsProcess('B', 2)] }));
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    await waitFor(() => expect(within(row(0)).getByRole('combobox', { name: /^Tipo de práctica/ })).toHaveDisplayValue('Clase de circulación (permiso B)'));
    expect(rows().map((r) => r.querySelector('legend')?.textContent)).toEqual([
      '1. Clases prácticas: 5 de Clase de circulación (B)',
      '2. Cliente en modo demostración',
      '3. Cliente matriculado',
      '4. Repeticiones de los test: permiso B, 2 veces',
    ]);
    expect(screen.queryByTestId('process-kept')).not.toBeInTheDocument();
    expect(within(row(0)).getByRole('textbox', { name: /^Clases por unidad comprada/ })).toHaveValue('5');
    expect(within(row(3)).getByRole('combobox', { name: /^Permiso de los tests/ })).toHaveValue('B');
    expect(within(row(3)).getByRole('textbox', { name: /^Repeticiones de cada test/ })).toHaveValue('2');
    expect(screen.getAllByTestId('process-note')).toHaveLength(3);
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));

    set(row(0), /^Tipo de práctica/, '5');
    set(row(0), /^Clases por unidad comprada/, '10');
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Clases prácticas: 10 de Autopista (B)');
    set(row(3), /^Permiso de los tests/, 'A2');
    set(row(3), /^Repeticiones de cada test/, '99');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        {
          id: 11,
          processes: [
            { kind: 'practice_class', practice_type_id: 5, quantity: 10 },
            { kind: 'customer_demo' },
            { kind: 'customer_enrolled' },
            { kind: 'test_repetitions', licence: 'A2', repetitions: 99 },
          ],
        },
      ]),
    );
  });

  it("the host's errors on the new kinds' fields go under their inputs", async () => {
    const record = product({ processes: [practiceClassProcess(4, 5), testRepetitionsProcess('B', 2)] });
    const api = productHost(record, {
      'POST product/update': envelopeError([
        { code: 'REQ-102', data: { field: 'processes[0].practice_type_id' }, details: 'Elija el tipo de práctica' },
        { code: 'REQ-102', data: { field: 'processes[0].quantity' }, details: 'Las clases van de 1 a 200' },
        { code: 'REQ-102', data: { field: 'processes[1].licence' }, details: 'Elija el permiso de los tests' },
        { code: 'REQ-102', data: { field: 'processes[1].repetitions' }, details: 'Las repeticiones de cada test van de 0 a 99' },
      ]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    set(row(0), /^Clases por unidad comprada/, '200');
    save();
    const type = await within(row(0)).findByTestId('error-processes[0].practice_type_id');
    expect(type).toHaveTextContent('Elija el tipo de práctica');
    expect(within(row(0)).getByRole('combobox', { name: /^Tipo de práctica/ })).toHaveAttribute('aria-describedby', type.id);
    const quantity = within(row(0)).getByTestId('error-processes[0].quantity');
    expect(quantity).toHaveTextContent('Las clases van de 1 a 200');
    expect(within(row(0)).getByRole('textbox', { name: /^Clases por unidad comprada/ })).toHaveAttribute('aria-describedby', quantity.id);
    expect(within(row(0)).getByRole('textbox', { name: /^Clases por unidad comprada/ })).toHaveAttribute('aria-invalid', 'true');
    const licence = within(row(1)).getByTestId('error-processes[1].licence');
    expect(licence).toHaveTextContent('Elija el permiso de los tests');
    expect(within(row(1)).getByRole('combobox', { name: /^Permiso de los tests/ })).toHaveAttribute('aria-describedby', licence.id);
    const repetitions = within(row(1)).getByTestId('error-processes[1].repetitions');
    expect(repetitions).toHaveTextContent('Las repeticiones de cada test van de 0 a 99');
    expect(within(row(1)).getByRole('textbox', { name: /^Repeticiones de cada test/ })).toHaveAttribute('aria-describedby', repetitions.id);
    expect(screen.getByRole('tab', { name: /^Procesos automáticos/ })).toHaveAccessibleName('Procesos automáticos (revise los campos)');
    expect(api.calls('POST product/update')[0].body).toEqual({
      id: 11,
      processes: [{ kind: 'practice_class', practice_type_id: 4, quantity: 200 }, { kind: 'test_repetitions', licence: 'B', repetitions: 2 }],
    });
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
  });

  it('when the practices module is off, a practical-classes process says so and keeps its type; the others are still saved', async () => {
    const record = product({ processes: [practiceClassProcess(4, 5), customerModeProcess('customer_enrolled')] });
    const api = productHost(record, { 'GET hermes/practice/type/read': readError('SERVICE-000', 'La empresa no tiene este servicio activo', { service: 'hermes' }) });
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    const problem = await within(row(0)).findByTestId('practice-types-problem');
    expect(problem).toHaveRole('alert');
    expect(problem).toHaveTextContent('El módulo de prácticas no está activo: no se puede elegir el tipo de práctica.');
    const type = within(row(0)).getByRole('combobox', { name: /^Tipo de práctica/ });
    expect(type).toHaveValue('4');
    expect(within(type).getByRole('option', { name: 'Tipo de práctica n.º 4' })).toBeInTheDocument();
    expect(row(0).querySelector('legend')).toHaveTextContent('1. Clases prácticas: 5 de Tipo de práctica n.º 4');
    expect(within(row(1)).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('contents-problem')).not.toBeInTheDocument();

    add();
    set(row(2), /^Tipo de proceso/, 'practice_class');
    expect(within(row(2)).getByTestId('practice-types-problem')).toHaveTextContent('El módulo de prácticas no está activo');
    // read once, not again for each row
    expect(api.calls('GET hermes/practice/type/read')).toHaveLength(1);
    set(row(2), /^Tipo de proceso/, 'email');
    expect(within(row(2)).queryByTestId('practice-types-problem')).not.toBeInTheDocument();
    set(row(2), /^Asunto del correo/, 'Bienvenida');
    set(row(2), /^Texto del correo/, 'Hola {{ name }}');
    save();
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        { id: 11, processes: [{ kind: 'practice_class', practice_type_id: 4, quantity: 5 }, { kind: 'customer_enrolled' }, { kind: 'email', subject: 'Bienvenida', body: 'Hola {{ name }}' }] },
      ]),
    );
  });

  it('the practices module not installed says the same; without its permission, that; another refusal, the host\'s reason', async () => {
    const record = product({ processes: [practiceClassProcess(4, 5)] });
    const cases: [unknown, string][] = [
      [readError('REQ-404', 'Llamada desconocida'), 'El módulo de prácticas no está activo'],
      [readError('NOT-FOUND-000', 'No encontrado'), 'El módulo de prácticas no está activo'],
      [readError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'hermes' }), 'No tiene permiso para ver los tipos de práctica: no se puede elegir el tipo de práctica.'],
      [readError('SERVER-000', 'Error interno del servidor'), 'No se han podido cargar los tipos de práctica: Error interno del servidor'],
    ];
    for (const [answer, text] of cases) {
      const { unmount } = renderModule('/product/view/11/0', productHost(record, { 'GET hermes/practice/type/read': answer }));
      expect(await screen.findByTestId('practice-types-problem')).toHaveTextContent(text);
      expect(within(screen.getByTestId('process')).getByLabelText(/^Tipo de práctica/)).toHaveValue('4');
      unmount();
    }
  });

  it('says when there is no active type of lesson', async () => {
    const api = productHost(product(), { 'GET hermes/practice/type/read': page([]) });
    renderModule('/product/view/11/0', api);
    await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Procesos automáticos');
    add();
    set(row(0), /^Tipo de proceso/, 'practice_class');
    expect(await within(row(0)).findByText('No hay tipos de práctica activos: créelos en el módulo de prácticas')).toBeInTheDocument();
    expect(within(row(0)).queryByTestId('practice-types-problem')).not.toBeInTheDocument();
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
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Pedido', 'Proceso', 'Resultado', 'Detalle', 'Acciones']);
    await waitFor(() => expect(within(table).getAllByTestId('run-result')).toHaveLength(2));
    const cells = within(table)
      .getAllByTestId('run-result')
      .map((badge) => [...badge.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['01/07/2026 - 18:05:09', 'W-000502luis@example.com', 'Contrato para firmar', 'Error', 'No se ha podido pedir la firma: El servicio de acuerdos no está activo', 'Repetir'],
      ['14/03/2026 - 10:30:00', 'W-000501ana@example.com', 'Enviar un correo', 'OK', 'Correo «Bienvenida» enviado a ana@example.com', ''],
    ]);
    expect(within(table).getAllByTestId('run-result')[0]).toHaveClass('vk-badge--danger');
    expect(within(table).getAllByTestId('run-result')[1]).toHaveClass('vk-badge--success');
    expect(query(api.calls('GET product/process/runs')[0])).toEqual({ product_id: '11', page: '1', per_page: '10' });
    // a short list has no paginator
    expect(within(section).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('names the formative kinds: the host\'s name, or the catalogue\'s when the host gives none', async () => {
    const runs = [
      processRun({ id: 3, position: 2, kind: 'formative_percentage', kind_name: '', detail: 'Abierto el 50 % de «Teórico B online»' }),
      processRun({ id: 2, position: 1, kind: 'formative_content', kind_name: 'Contenidos formativos', detail: 'Asignado «Teórico B online» hasta el 12/06/2026' }),
      processRun({ id: 1, kind: 'sms_reminder', kind_name: '', detail: 'Hecho' }),
    ];
    renderModule('/product/view/11/0', productHost(product(), { 'GET product/process/runs': page(runs) }));
    const section = await screen.findByTestId('process-runs');
    const table = within(section).getByRole('table', { name: 'Procesos ejecutados' });
    await waitFor(() => expect(within(table).getAllByTestId('run-result')).toHaveLength(3));
    const process = within(table)
      .getAllByTestId('run-result')
      .map((badge) => badge.closest('tr')!.querySelectorAll('td')[2].textContent);
    expect(process).toEqual(['Porcentaje de contenidos', 'Contenidos formativos', 'sms_reminder']);
    expect(within(table).getByText('Asignado «Teórico B online» hasta el 12/06/2026')).toBeInTheDocument();
  });

  it('names the practical-classes, customer-mode and repetitions kinds: the host\'s name, or the catalogue\'s when the host gives none', async () => {
    const runs = [
      processRun({ id: 4, position: 3, kind: 'test_repetitions', kind_name: 'Repeticiones de los test', detail: 'Cada test del permiso B se puede repetir 2 veces' }),
      processRun({ id: 3, position: 2, kind: 'customer_enrolled', kind_name: '', detail: 'Cliente matriculado' }),
      processRun({ id: 2, position: 1, kind: 'customer_demo', kind_name: '', detail: 'Cliente en modo demostración' }),
      processRun({ id: 1, kind: 'practice_class', kind_name: 'Clases prácticas', detail: 'Bono de 5 clases de Clase de circulación (permiso B)' }),
    ];
    renderModule('/product/view/11/0', productHost(product(), { 'GET product/process/runs': page(runs) }));
    const section = await screen.findByTestId('process-runs');
    const table = within(section).getByRole('table', { name: 'Procesos ejecutados' });
    await waitFor(() => expect(within(table).getAllByTestId('run-result')).toHaveLength(4));
    const process = within(table)
      .getAllByTestId('run-result')
      .map((badge) => badge.closest('tr')!.querySelectorAll('td')[2].textContent);
    expect(process).toEqual(['Repeticiones de los test', 'Cliente matriculado', 'Cliente en modo demostración', 'Clases prácticas']);
    expect(within(table).getByText('Bono de 5 clases de Clase de circulación (permiso B)')).toBeInTheDocument();
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

describe('"Repetir" a failed run', () => {
  const failedContract = (extra: object = {}) =>
    processRun({
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
      ...extra,
    });
  const retryButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: 'Repetir «Contrato para firmar» del pedido W-000502' });
  /** The cells of the row whose result badge is the index-th one. */
  const cells = (scope: HTMLElement, index = 0) => [...within(scope).getAllByTestId('run-result')[index].closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);

  async function view(routes: Record<string, unknown>, runs = [failedContract(), processRun()]) {
    const api = productHost(product(), { 'GET product/process/runs': page(runs), ...routes });
    renderModule('/product/view/11/0', api);
    const section = await screen.findByTestId('process-runs');
    await waitFor(() => expect(within(section).getAllByTestId('run-result')).toHaveLength(runs.length));
    return { api, section };
  }

  it('asks first, saying it runs again for the same buyer and order; cancelling sends nothing', async () => {
    const { api, section } = await view({ 'POST product/process/retry': envelopeOk(failedContract({ ok: true })) });
    // only a failed run offers it
    expect(within(section).getAllByRole('button', { name: /^Repetir/ })).toHaveLength(1);
    fireEvent.click(retryButton(section));
    const dialog = await screen.findByRole('alertdialog', { name: 'Repetir el proceso' });
    expect(dialog).toHaveTextContent(
      'Se volverá a ejecutar «Contrato para firmar» para el mismo comprador y pedido (W-000502, luis@example.com). Hágalo una vez corregida la causa del error.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST product/process/retry')).toHaveLength(0);
    expect(cells(section)[3]).toBe('Error');
    expect(retryButton(section)).toBeEnabled();
  });

  it('sends the run id, is disabled while it runs, and replaces the row with the answer when it goes well', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, section } = await view({
      'POST product/process/retry': () => new Promise((resolve) => (answer = resolve)),
    });
    fireEvent.click(retryButton(section));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Repetir' }));
    await waitFor(() => expect(api.calls('POST product/process/retry').map((r) => r.body)).toEqual([{ id: 2 }]));
    await waitFor(() => expect(retryButton(section)).toBeDisabled());
    expect(retryButton(section)).toHaveTextContent('Repitiendo…');

    answer(envelopeOk(failedContract({ ok: true, detail: 'Firma pedida a luis@example.com: «Contrato de enseñanza»', ran_at: '2026-07-02T08:00:00Z', attempts: 2 })));
    expect(await screen.findByText('Proceso repetido: Firma pedida a luis@example.com: «Contrato de enseñanza»')).toBeInTheDocument();
    await waitFor(() => expect(cells(section)).toEqual(['02/07/2026 - 10:00:00', 'W-000502luis@example.com', 'Contrato para firmar', 'OK2 intentos', 'Firma pedida a luis@example.com: «Contrato de enseñanza»', '']));
    expect(within(section).getAllByTestId('run-result')[0]).toHaveClass('vk-badge--success');
    // the other row is untouched, the list is not read again, and nothing is left to repeat
    expect(cells(section, 1)).toEqual(['14/03/2026 - 10:30:00', 'W-000501ana@example.com', 'Enviar un correo', 'OK', 'Correo «Bienvenida» enviado a ana@example.com', '']);
    expect(api.calls('GET product/process/runs')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: /^Repetir/ })).not.toBeInTheDocument();
  });

  it('still failing: the row shows the new reason and attempts, and it may be repeated again', async () => {
    const { api, section } = await view({
      'POST product/process/retry': envelopeOk(failedContract({ detail: 'No se ha podido pedir la firma: El acuerdo está eliminado', ran_at: '2026-07-02T08:00:00Z', attempts: 3 })),
    }, [failedContract({ attempts: 2 })]);
    expect(within(section).getByTestId('run-attempts')).toHaveTextContent('2 intentos');
    fireEvent.click(retryButton(section));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Repetir' }));
    await waitFor(() => expect(within(section).getByTestId('run-detail')).toHaveTextContent('No se ha podido pedir la firma: El acuerdo está eliminado'));
    expect(cells(section)).toEqual(['02/07/2026 - 10:00:00', 'W-000502luis@example.com', 'Contrato para firmar', 'Error3 intentos', 'No se ha podido pedir la firma: El acuerdo está eliminado', 'Repetir']);
    expect(within(section).getAllByTestId('run-result')[0]).toHaveClass('vk-badge--danger');
    expect(screen.queryByText(/^Proceso repetido/)).not.toBeInTheDocument();
    expect(await screen.findByText('El proceso ha vuelto a fallar: el motivo figura en la lista')).toBeInTheDocument();
    await waitFor(() => expect(retryButton(section)).toBeEnabled());
    expect(api.calls('POST product/process/retry')).toHaveLength(1);
  });

  it("a refusal shows the host's Spanish reason and keeps the row", async () => {
    const { api, section } = await view({
      'POST product/process/retry': writeError('CONFLICT-000', 'El proceso ya no está en el producto: no se puede repetir'),
    });
    fireEvent.click(retryButton(section));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Repetir' }));
    const refusal = await within(section).findByTestId('run-errors');
    expect(refusal).toHaveTextContent('El proceso ya no está en el producto: no se puede repetir');
    expect(cells(section)).toEqual(['01/07/2026 - 18:05:09', 'W-000502luis@example.com', 'Contrato para firmar', 'Error', 'No se ha podido pedir la firma: El servicio de acuerdos no está activo', 'Repetir']);
    await waitFor(() => expect(retryButton(section)).toBeEnabled());

    // another refusal replaces it; a retry that goes well clears it
    api.on('POST product/process/retry', writeError('NOT-FOUND-000', 'La ejecución no existe'));
    fireEvent.click(retryButton(section));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Repetir' }));
    await waitFor(() => expect(within(section).getByTestId('run-errors')).toHaveTextContent('La ejecución no existe'));
    expect(within(section).getByTestId('run-errors')).not.toHaveTextContent('ya no está en el producto');
    api.on('POST product/process/retry', envelopeOk(failedContract({ ok: true, detail: 'Firma pedida', attempts: 2 })));
    fireEvent.click(retryButton(section));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Repetir' }));
    expect(await screen.findByText('Proceso repetido: Firma pedida')).toBeInTheDocument();
    expect(within(section).queryByTestId('run-errors')).not.toBeInTheDocument();
  });

  it('shows the attempts only past the first, and asks without an e-mail when the order has none', async () => {
    const { section } = await view({}, [
      failedContract({ order_reference: '', buyer_email: '', attempts: 1 }),
      processRun({ id: 4, attempts: 3 }),
      processRun({ id: 3, attempts: 1 }),
    ]);
    expect(within(section).getAllByTestId('run-attempts').map((a) => a.textContent)).toEqual(['3 intentos']);
    expect(cells(section, 1)[3]).toBe('OK3 intentos');
    expect(cells(section, 2)[3]).toBe('OK');
    fireEvent.click(within(section).getByRole('button', { name: 'Repetir «Contrato para firmar» del pedido Pedido n.º 502' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Se volverá a ejecutar «Contrato para firmar» para el mismo comprador y pedido (Pedido n.º 502). Hágalo una vez corregida la causa del error.');
  });

  it('a deleted product is read only: its failed runs are listed without "Repetir"', async () => {
    const api = productHost(product({ state: 'deleted' }), { 'GET product/process/runs': page([failedContract({ attempts: 2 })]) });
    renderModule('/product/view/11/0', api);
    const section = await screen.findByTestId('process-runs');
    await waitFor(() => expect(within(section).getByTestId('run-attempts')).toHaveTextContent('2 intentos'));
    expect(within(section).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Pedido', 'Proceso', 'Resultado', 'Detalle']);
    expect(within(section).queryByRole('button', { name: /^Repetir/ })).not.toBeInTheDocument();
  });
});
