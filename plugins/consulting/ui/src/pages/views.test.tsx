import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, centre, company, course, groups, page, participant, query, worker } from '../test/fixtures';

/** Each kind's record, its groups and the selects' companies and centres; writes answer what was sent. */
function viewHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET consulting/empresas/read/3': envelopeOk(company()),
    'GET consulting/trabajadores/read/21': envelopeOk(worker()),
    'GET consulting/cursos/read/31': envelopeOk(course()),
    'GET consulting/centros/read/5': envelopeOk(centre()),
    'GET consulting/empresas/read': page([company(), company({ id: 4, name: 'Hostal Pilar SL' })]),
    'GET consulting/centros/read': page([centre()]),
    'GET consulting/empresas/group/read': page(groups()),
    'GET consulting/trabajadores/group/read': page(groups()),
    'GET consulting/cursos/group/read': page(groups()),
    'GET consulting/centros/group/read': page(groups()),
    'POST consulting/empresas/update': (req: MockRequest) => {
      const fields = body(req);
      const credit = (fields.training_credit as number | undefined) ?? 420000;
      return envelopeOk(company({ ...fields, ...(fields.group_id === null ? { group_name: null, group_color: null } : {}), credit_left: credit - 123456 }));
    },
    'POST consulting/trabajadores/update': (req: MockRequest) => envelopeOk(worker(body(req))),
    'POST consulting/centros/update': (req: MockRequest) => envelopeOk(centre(body(req))),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof viewHost>;
const sent = (api: Host, kind: string) => api.calls(`POST consulting/${kind}/update`).map(body);
const textbox = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });
const select = (form: HTMLElement, name: RegExp) => within(form).getByRole('combobox', { name }) as HTMLSelectElement;
const selected = (element: HTMLSelectElement) => element.selectedOptions[0]?.textContent;
const tableRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('a new record', () => {
  it('"Nueva empresa": required fields first, then the host\'s errors under their field, then the new company', async () => {
    // every invalid field at once (README: REQ-102 with data.field), nothing stored
    const api = viewHost({
      'POST consulting/empresas/create': {
        success: false,
        error: [
          { code: 'REQ-102', data: { field: 'tax_code' }, details: 'El NIF/CIF no es válido' },
          { code: 'REQ-102', data: { field: 'contribution_account' }, details: 'El código de cuenta de cotización no es válido' },
        ],
      },
    });
    renderModule('/facilauto/consulting/empresas/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva empresa cliente' });
    expect(api.calls('GET consulting/empresas/read/0')).toHaveLength(0);
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-tax_code')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('record-errors')).toHaveTextContent('Revise los campos marcados');

    fireEvent.change(textbox(form, /^Nombre/), { target: { value: ' Limpiezas Moncayo SL ' } });
    fireEvent.change(textbox(form, /^NIF\/CIF/), { target: { value: 'B5012345X' } });
    fireEvent.change(textbox(form, /^Código de cuenta de cotización/), { target: { value: '50123' } });
    fireEvent.change(textbox(form, /^Plantilla/), { target: { value: '12' } });
    fireEvent.change(textbox(form, /^Crédito de formación/), { target: { value: '1.500,5' } });
    const province = select(form, /^Provincia/);
    expect(within(province).getAllByRole('option')).toHaveLength(53);
    fireEvent.change(province, { target: { value: '50' } });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Grupo/ }).querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(select(form, /^Grupo/), { target: { value: '1' } });
    submit();
    expect(await within(form).findByTestId('error-tax_code')).toHaveTextContent('El NIF/CIF no es válido');
    expect(within(form).getByTestId('error-contribution_account')).toHaveTextContent('El código de cuenta de cotización no es válido');
    expect(within(form).queryByTestId('error-name')).not.toBeInTheDocument();
    // what has no value is left out: the plugin's defaults apply
    expect(api.calls('POST consulting/empresas/create').map(body)).toEqual([
      {
        name: 'Limpiezas Moncayo SL',
        tax_code: 'B5012345X',
        contribution_account: '50123',
        cnae: '',
        staff: 12,
        training_credit: 150050,
        representative_name: '',
        representative_dni: '',
        contact_person: '',
        phone: '',
        email: '',
        street: '',
        postal_code: '',
        city: '',
        province_id: 50,
        group_id: 1,
        notes: '',
      },
    ]);

    api.on('POST consulting/empresas/create', (req: MockRequest) => envelopeOk(company({ ...body(req), id: 9 })));
    api.on('GET consulting/empresas/read/9', envelopeOk(company({ id: 9, name: 'Limpiezas Moncayo SL' })));
    fireEvent.change(textbox(form, /^NIF\/CIF/), { target: { value: 'B50123456' } });
    submit();
    expect(await screen.findByText('Empresa Limpiezas Moncayo SL creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/consulting/empresas/view/9'));
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Limpiezas Moncayo SL');
  });

  it('refuses a headcount that is not a whole number and an amount that is not one, before sending', async () => {
    const api = viewHost();
    renderModule('/facilauto/consulting/empresas/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva empresa cliente' });
    fireEvent.change(textbox(form, /^Nombre/), { target: { value: 'Limpiezas Moncayo SL' } });
    fireEvent.change(textbox(form, /^NIF\/CIF/), { target: { value: 'B50123456' } });
    fireEvent.change(textbox(form, /^Plantilla/), { target: { value: '12,5' } });
    fireEvent.change(textbox(form, /^Crédito de formación/), { target: { value: 'mil' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByTestId('error-staff')).toHaveTextContent('Introduzca un número entero');
    expect(within(form).getByTestId('error-training_credit')).toHaveTextContent('Introduzca un importe en euros (por ejemplo, 1.234,56)');
  });

  it('"Cancelar" goes back to the list', async () => {
    renderModule('/facilauto/consulting/cursos/view/0', viewHost({ 'GET consulting/cursos/read': page([]) }));
    const form = await screen.findByRole('form', { name: 'Nuevo curso (acción formativa y grupo)' });
    // a new course starts in person, being prepared
    expect(selected(select(form, /^Modalidad/))).toBe('Presencial');
    expect(selected(select(form, /^Estado/))).toBe('En preparación');
    fireEvent.click(within(form).getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/consulting/cursos'));
  });

  it('says so for an id that is not one', async () => {
    renderModule('/facilauto/consulting/centros/view/abc', viewHost());
    expect(await screen.findByText('No se encuentra el registro')).toBeInTheDocument();
  });

  it('a record that cannot be read shows the reason and a retry', async () => {
    const api = viewHost({ 'GET consulting/centros/read/8': readError('NOT-FOUND-000', 'No se encuentra el centro') });
    renderModule('/facilauto/consulting/centros/view/8', api);
    expect(await screen.findByText('No se encuentra el centro')).toBeInTheDocument();
    api.on('GET consulting/centros/read/8', envelopeOk(centre({ id: 8 })));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Academia Delta');
  });
});

describe('a company', () => {
  it('shows its workers, its credit in euros (used and left) and its courses', async () => {
    renderModule('/facilauto/consulting/empresas/view/3', viewHost());
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Transportes Ebro SL');
    const head = screen.getByTestId('record-head');
    expect(within(head).getByTestId('record-state')).toHaveTextContent('Activo');
    expect(within(head).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#f1416c' });
    expect(within(head).getByTestId('fact-workers')).toHaveTextContent('2');
    expect(within(head).getByTestId('fact-credit')).toHaveTextContent('4200,00 €');
    expect(within(head).getByTestId('fact-credit-used')).toHaveTextContent('1234,56 €');
    expect(within(head).getByTestId('fact-credit-left')).toHaveTextContent('2965,44 €');
    expect(within(head).getByRole('link', { name: 'Volver a las empresas' })).toHaveAttribute('href', '/facilauto/consulting/empresas');
    const courses = screen.getByRole('table', { name: 'Cursos' });
    expect(tableRows(courses)).toEqual([
      ['Carretillas elevadoras', '02/03/2026 – 06/03/2026', '20', 'En preparación'],
      ['Prevención de riesgos', '13/04/2026 –', '8', 'Comunicado a FUNDAE'],
    ]);
    expect(within(courses).getByRole('link', { name: 'Carretillas elevadoras' })).toHaveAttribute('href', '/facilauto/consulting/cursos/view/31');
    expect(screen.getByRole('heading', { name: 'Cursos (2)' })).toBeInTheDocument();
  });

  it('marks a credit overspent', async () => {
    renderModule('/facilauto/consulting/empresas/view/3', viewHost({ 'GET consulting/empresas/read/3': envelopeOk(company({ credit_used: 500000, credit_left: -80000 })) }));
    expect(await screen.findByTestId('fact-credit-left')).toHaveTextContent('-800,00 €');
    expect(screen.getByTestId('fact-credit-left')).toHaveClass('consulting-negative');
  });

  it('shows no credit left without a credit of the year', async () => {
    renderModule('/facilauto/consulting/empresas/view/3', viewHost({ 'GET consulting/empresas/read/3': envelopeOk(company({ training_credit: null, credit_used: 0, credit_left: null })) }));
    expect(await screen.findByTestId('fact-credit-left')).toHaveTextContent('—');
    expect(screen.getByTestId('fact-credit')).toHaveTextContent('—');
    expect(screen.getByTestId('fact-credit-used')).toHaveTextContent('0,00 €');
  });

  it('"Guardar" sends the id and only what changed; nothing when nothing did; the record is read again', async () => {
    const api = viewHost();
    renderModule('/facilauto/consulting/empresas/view/3', api);
    const form = await screen.findByRole('form', { name: 'Datos de la empresa' });
    expect(textbox(form, /^Crédito de formación/)).toHaveValue('4200,00');
    expect(selected(select(form, /^Provincia/))).toBe('Zaragoza');
    await waitFor(() => expect(selected(select(form, /^Grupo/))).toBe('Transporte'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(sent(api, 'empresas')).toHaveLength(0);

    fireEvent.change(textbox(form, /^Crédito de formación/), { target: { value: '5.000' } });
    fireEvent.change(textbox(form, /^Persona de contacto/), { target: { value: ' Jorge Ruiz ' } });
    fireEvent.change(select(form, /^Grupo/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Empresa Transportes Ebro SL guardada')).toBeInTheDocument();
    expect(sent(api, 'empresas')).toEqual([{ id: 3, training_credit: 500000, contact_person: 'Jorge Ruiz', group_id: null }]);
    // the answer is the company with its detail: the credit left follows the new credit
    expect(screen.getByTestId('fact-credit')).toHaveTextContent('5000,00 €');
    expect(screen.getByTestId('fact-credit-left')).toHaveTextContent('3765,44 €');
    expect(screen.getByTestId('no-group')).toBeInTheDocument();
    expect(api.calls('GET consulting/empresas/read/3')).toHaveLength(1);
  });

  it("a refused save shows the host's error under its field", async () => {
    const api = viewHost({ 'POST consulting/empresas/update': writeError('REQ-102', 'El código postal no es de la provincia', { field: 'postal_code' }) });
    renderModule('/facilauto/consulting/empresas/view/3', api);
    const form = await screen.findByRole('form', { name: 'Datos de la empresa' });
    fireEvent.change(textbox(form, /^Código postal/), { target: { value: '28001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-postal_code')).toHaveTextContent('El código postal no es de la provincia');
    expect(sent(api, 'empresas')).toEqual([{ id: 3, postal_code: '28001' }]);
  });

  it('"Desactivar" and "Activar" change only the state, each asked first', async () => {
    const api = viewHost();
    renderModule('/facilauto/consulting/empresas/view/3', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Desactivar' });
    expect(dialog).toHaveTextContent('¿Desactivar la empresa «Transportes Ebro SL»? Se conservan sus datos y se puede volver a activar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent(api, 'empresas')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Empresa Transportes Ebro SL desactivada')).toBeInTheDocument();
    expect(sent(api, 'empresas')).toEqual([{ id: 3, state: 'inactive' }]);
    expect(screen.getByTestId('record-state')).toHaveTextContent('Inactivo');

    fireEvent.click(screen.getByRole('button', { name: 'Activar' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Activar' });
    expect(dialog).toHaveTextContent('¿Activar la empresa «Transportes Ebro SL»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('Empresa Transportes Ebro SL activada')).toBeInTheDocument();
    expect(sent(api, 'empresas').at(-1)).toEqual({ id: 3, state: 'active' });
    expect(screen.getByTestId('record-state')).toHaveTextContent('Activo');
  });

  it('"Eliminar" asks first, marks it deleted and goes back to the list; a refusal stays in the head', async () => {
    const api = viewHost({ 'POST consulting/empresas/update': writeError('CONFLICT-000', 'La empresa tiene cursos en marcha') });
    renderModule('/facilauto/consulting/empresas/view/3', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar' });
    expect(dialog).toHaveTextContent('¿Eliminar la empresa «Transportes Ebro SL»? Se podrá consultar, pero ya no se podrá modificar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('record-action-errors')).toHaveTextContent('La empresa tiene cursos en marcha');

    api.on('POST consulting/empresas/update', (req: MockRequest) => envelopeOk(company(body(req))));
    api.on('GET consulting/empresas/read', page([]));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Empresa Transportes Ebro SL eliminada')).toBeInTheDocument();
    expect(sent(api, 'empresas').at(-1)).toEqual({ id: 3, state: 'deleted' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/facilauto\/consulting\/empresas$/));
  });

  it('a deleted one is read only', async () => {
    renderModule('/facilauto/consulting/empresas/view/3', viewHost({ 'GET consulting/empresas/read/3': envelopeOk(company({ state: 'deleted' })) }));
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Está eliminado: se puede consultar, pero ya no se puede modificar.');
    expect(screen.getByTestId('record-state')).toHaveTextContent('Eliminado');
    const form = screen.getByRole('form', { name: 'Datos de la empresa' });
    expect(textbox(form, /^Nombre/)).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    for (const action of ['Desactivar', 'Activar', 'Eliminar']) expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
  });
});

describe('a centre', () => {
  it('shows its courses, and its form sends what changed', async () => {
    const api = viewHost();
    renderModule('/facilauto/consulting/centros/view/5', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Academia Delta');
    expect(screen.getByTestId('fact-courses')).toHaveTextContent('1');
    expect(tableRows(screen.getByRole('table', { name: 'Cursos' }))).toEqual([['Carretillas elevadoras', '02/03/2026 – 06/03/2026', '20', 'En preparación']]);
    const form = screen.getByRole('form', { name: 'Datos del centro' });
    expect(textbox(form, /^Nº de acreditación/)).toHaveValue('26/0000123');
    fireEvent.change(textbox(form, /^Nº de acreditación/), { target: { value: '26/0000999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Centro Academia Delta guardado')).toBeInTheDocument();
    expect(sent(api, 'centros')).toEqual([{ id: 5, accreditation: '26/0000999' }]);
  });
});

describe('a worker', () => {
  afterEach(() => {
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  });

  it('shows their company, courses with the centre and the hours finished; the form holds every field', async () => {
    renderModule('/facilauto/consulting/trabajadores/view/21', viewHost());
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Ana López García');
    expect(within(screen.getByTestId('fact-company')).getByRole('link', { name: 'Transportes Ebro SL' })).toHaveAttribute('href', '/facilauto/consulting/empresas/view/3');
    expect(screen.getByTestId('fact-hours-finished')).toHaveTextContent('20 horas');
    expect(tableRows(screen.getByRole('table', { name: 'Cursos' }))).toEqual([['Carretillas elevadoras', '02/03/2026 – 06/03/2026', '20', 'Academia Delta', 'Finalizado']]);
    const form = screen.getByRole('form', { name: 'Datos del trabajador' });
    expect(within(form).getByLabelText('Fecha de nacimiento')).toHaveValue('1990-05-14');
    expect(selected(select(form, /^Sexo/))).toBe('Mujer');
    expect(selected(select(form, /^Nivel de estudios/))).toBe('Bachillerato o FP de grado medio');
    expect(selected(select(form, /^Categoría profesional/))).toBe('Trabajador cualificado');
    expect(selected(select(form, /^Grupo de cotización/))).toBe('8 · Oficiales de primera y segunda');
    expect(within(select(form, /^Grupo de cotización/)).getAllByRole('option')).toHaveLength(12);
    await waitFor(() => expect(selected(select(form, /^Empresa/))).toBe('Transportes Ebro SL'));
    expect(within(form).getByRole('checkbox', { name: 'Discapacidad' })).not.toBeChecked();
  });

  it('sends only what changed: a choice cleared is null, the company changed is its id', async () => {
    const api = viewHost();
    renderModule('/facilauto/consulting/trabajadores/view/21', api);
    const form = await screen.findByRole('form', { name: 'Datos del trabajador' });
    await waitFor(() => expect(within(select(form, /^Empresa/)).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select(form, /^Sexo/), { target: { value: '' } });
    fireEvent.change(select(form, /^Empresa/), { target: { value: '4' } });
    fireEvent.change(select(form, /^Grupo de cotización/), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Discapacidad' }));
    fireEvent.change(within(form).getByLabelText('Fecha de nacimiento'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Trabajador Ana López García guardado')).toBeInTheDocument();
    expect(sent(api, 'trabajadores')).toEqual([{ id: 21, birth_date: null, gender: null, disability: true, company_id: 4, contribution_group: 5 }]);
  });

  it("a new worker: the names and DNI required, the host's DNI message under it, no empty choice sent", async () => {
    const api = viewHost({ 'POST consulting/trabajadores/create': writeError('REQ-102', 'La letra del DNI no es correcta', { field: 'dni' }) });
    renderModule('/facilauto/consulting/trabajadores/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo trabajador' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    for (const field of ['first_name', 'last_name', 'dni']) expect(await within(form).findByTestId(`error-${field}`)).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(textbox(form, /^Nombre/), { target: { value: 'Pedro' } });
    fireEvent.change(textbox(form, /^Apellidos/), { target: { value: 'Sanz' } });
    fireEvent.change(textbox(form, /^DNI\/NIE/), { target: { value: '12345678A' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByTestId('error-dni')).toHaveTextContent('La letra del DNI no es correcta');
    expect(api.calls('POST consulting/trabajadores/create').map(body)).toEqual([
      { first_name: 'Pedro', last_name: 'Sanz', dni: '12345678A', social_security_number: '', email: '', phone: '', disability: false, notes: '' },
    ]);
  });

  it('"Descargar ficha (PDF)" saves the file the host answers', async () => {
    const saved: { name: string; type: string }[] = [];
    const blobs: Blob[] = [];
    // jsdom has no object URLs: give URL the two statics for this test only.
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: blobs.at(-1)!.type });
    });
    const api = viewHost({ 'GET consulting/trabajador/pdf/21': envelopeOk({ filename: 'ficha-12345678Z.pdf', content_type: 'application/pdf', base64: 'JVBERi0xLjQ=' }) });
    renderModule('/facilauto/consulting/trabajadores/view/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar ficha (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'ficha-12345678Z.pdf', type: 'application/pdf' }]));
    expect(new TextDecoder().decode(await blobs[0].arrayBuffer())).toBe('%PDF-1.4');
    expect(api.calls('GET consulting/trabajador/pdf/21')).toHaveLength(1);
  });

  it("a PDF that cannot be made shows the host's reason", async () => {
    const api = viewHost({ 'GET consulting/trabajador/pdf/21': readError('SERVER-000', 'No se ha podido generar el PDF') });
    renderModule('/facilauto/consulting/trabajadores/view/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar ficha (PDF)' }));
    expect(await screen.findByText('No se ha podido generar el PDF')).toBeInTheDocument();
  });
});

describe('a course', () => {
  const PEOPLE: Record<number, ReturnType<typeof participant>> = {
    21: participant(),
    22: participant({ id: 22, first_name: 'Luis', last_name: 'Martín', dni: '87654321X' }),
    23: participant({ id: 23, first_name: 'Pedro', last_name: 'Sanz', dni: '11111111H' }),
  };
  const participants = () => screen.getAllByTestId('participant-name').map((a) => a.closest('tr')!).map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
  const finder = () => screen.getByTestId('participant-finder');
  const search = (text: string) => {
    const box = within(finder()).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter' });
  };
  const courseHost = (routes: Record<string, unknown> = {}) =>
    viewHost({
      'GET consulting/trabajadores/read': page([worker(), worker({ id: 23, first_name: 'Pedro', last_name: 'Sanz', dni: '11111111H' })]),
      'POST consulting/cursos/update': (req: MockRequest) => {
        const workers = (body(req).workers as number[] | undefined) ?? [21, 22];
        return envelopeOk(course({ ...body(req), workers, participants: workers.map((id) => PEOPLE[id]) }));
      },
      ...routes,
    });

  it('says by when to notify FUNDAE, its centre and company, and lists its participants in order', async () => {
    renderModule('/facilauto/consulting/cursos/view/31', courseHost());
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Carretillas elevadoras');
    expect(screen.getByTestId('fact-notify-by')).toHaveTextContent('Comunicar el inicio a FUNDAE hasta el 28/02/2026');
    expect(within(screen.getByTestId('fact-centre')).getByRole('link', { name: 'Academia Delta' })).toHaveAttribute('href', '/facilauto/consulting/centros/view/5');
    expect(within(screen.getByTestId('fact-company')).getByRole('link', { name: 'Transportes Ebro SL' })).toHaveAttribute('href', '/facilauto/consulting/empresas/view/3');
    expect(screen.getByRole('heading', { name: 'Participantes (2)' })).toBeInTheDocument();
    expect(participants()).toEqual([
      ['Ana López García', '12345678Z', 'Transportes Ebro SL'],
      ['Luis Martín', '87654321X', 'Transportes Ebro SL'],
    ]);
    expect(screen.getByRole('link', { name: 'Ana López García' })).toHaveAttribute('href', '/facilauto/consulting/trabajadores/view/21');
    const form = screen.getByRole('form', { name: 'Datos del curso' });
    expect(textbox(form, /^Coste/)).toHaveValue('1234,56');
    expect(selected(select(form, /^Modalidad/))).toBe('Presencial');
  });

  it('without a start day there is nothing to notify yet', async () => {
    renderModule('/facilauto/consulting/cursos/view/31', courseHost({ 'GET consulting/cursos/read/31': envelopeOk(course({ start_date: null, notify_by: null })) }));
    expect(await screen.findByTestId('fact-notify-by')).toHaveTextContent('Sin fecha de inicio');
  });

  it("adds a participant found among the course's company's workers (one already in it cannot be chosen)", async () => {
    const api = courseHost();
    renderModule('/facilauto/consulting/cursos/view/31', api);
    await screen.findByTestId('participants');
    expect(within(finder()).getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByText('Solo se buscan trabajadores de Transportes Ebro SL, la empresa del curso.')).toBeInTheDocument();
    search('sa');
    const results = await within(finder()).findByRole('list', { name: 'Resultados de la búsqueda' });
    expect(api.calls('GET consulting/trabajadores/read').map(query)).toEqual([{ search: 'sa', company_id: '3', page: '1', per_page: '20' }]);
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana López García · 12345678Z · Transportes Ebro SL · ya participaElegir', 'Pedro Sanz · 11111111H · Transportes Ebro SLElegir']);
    expect(within(results).getByRole('button', { name: 'Elegir Ana López García' })).toBeDisabled();
    fireEvent.click(within(results).getByRole('button', { name: 'Elegir Pedro Sanz' }));
    expect(await screen.findByText('Se ha añadido a Pedro Sanz al curso')).toBeInTheDocument();
    expect(api.calls('POST consulting/cursos/update').map(body)).toEqual([{ id: 31, workers: [21, 22, 23] }]);
    // the answer is the course with its participants
    expect(participants().map((p) => p[0])).toEqual(['Ana López García', 'Luis Martín', 'Pedro Sanz']);
    expect(screen.getByRole('heading', { name: 'Participantes (3)' })).toBeInTheDocument();
    expect(api.calls('GET consulting/cursos/read/31')).toHaveLength(1);
    // and the next one is added to them
    search('lu');
    await within(finder()).findByRole('list');
    expect(within(finder()).getByRole('button', { name: 'Elegir Pedro Sanz' })).toBeDisabled();
  });

  it('a course without a company finds any worker', async () => {
    const api = courseHost({ 'GET consulting/cursos/read/31': envelopeOk(course({ company_id: null, company_name: null })) });
    renderModule('/facilauto/consulting/cursos/view/31', api);
    await screen.findByTestId('participants');
    expect(screen.getByText('El curso no tiene empresa: se buscan trabajadores de cualquiera.')).toBeInTheDocument();
    expect(screen.getByTestId('fact-company')).toHaveTextContent('Sin empresa');
    search('pedro');
    await within(finder()).findByRole('list');
    expect(api.calls('GET consulting/trabajadores/read').map(query)).toEqual([{ search: 'pedro', page: '1', per_page: '20' }]);
  });

  it("shows the host's refusal of a participant above them", async () => {
    const api = courseHost({ 'POST consulting/cursos/update': writeError('REQ-102', 'Pedro Sanz no es de la empresa del curso', { field: 'workers' }) });
    renderModule('/facilauto/consulting/cursos/view/31', api);
    await screen.findByTestId('participants');
    search('pedro');
    fireEvent.click(within(await within(finder()).findByRole('list')).getByRole('button', { name: 'Elegir Pedro Sanz' }));
    expect(await screen.findByTestId('participant-errors')).toHaveTextContent('Pedro Sanz no es de la empresa del curso');
    expect(participants()).toHaveLength(2);
  });

  it('"Quitar" asks first, then sends the participants without them', async () => {
    const api = courseHost();
    renderModule('/facilauto/consulting/cursos/view/31', api);
    await screen.findByTestId('participants');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Luis Martín del curso' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Quitar del curso' });
    expect(dialog).toHaveTextContent('¿Quitar a Luis Martín de los participantes del curso?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Luis Martín ya no participa en el curso')).toBeInTheDocument();
    expect(api.calls('POST consulting/cursos/update').map(body)).toEqual([{ id: 31, workers: [21] }]);
    await waitFor(() => expect(participants()).toEqual([['Ana López García', '12345678Z', 'Transportes Ebro SL']]));
    expect(screen.getByRole('heading', { name: 'Participantes (1)' })).toBeInTheDocument();
  });

  it('a deleted course changes its participants no more', async () => {
    renderModule('/facilauto/consulting/cursos/view/31', courseHost({ 'GET consulting/cursos/read/31': envelopeOk(course({ state: 'deleted' })) }));
    await screen.findByTestId('participants');
    expect(screen.queryByTestId('participant-finder')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
  });

  it('its form sends the dates, hours and cost that changed, and the centre cleared as null', async () => {
    const api = courseHost();
    renderModule('/facilauto/consulting/cursos/view/31', api);
    const form = await screen.findByRole('form', { name: 'Datos del curso' });
    await waitFor(() => expect(selected(select(form, /^Centro de formación/))).toBe('Academia Delta'));
    fireEvent.change(within(form).getByLabelText('Fecha de inicio'), { target: { value: '2026-03-09' } });
    fireEvent.change(textbox(form, /^Horas/), { target: { value: '25' } });
    fireEvent.change(textbox(form, /^Coste/), { target: { value: '1.500' } });
    fireEvent.change(select(form, /^Centro de formación/), { target: { value: '' } });
    fireEvent.change(select(form, /^Estado/), { target: { value: 'notified' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Curso Carretillas elevadoras guardado')).toBeInTheDocument();
    expect(api.calls('POST consulting/cursos/update').map(body)).toEqual([{ id: 31, status: 'notified', hours: 25, start_date: '2026-03-09', cost: 150000, centre_id: null }]);
  });
});
