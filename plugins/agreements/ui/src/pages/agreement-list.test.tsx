import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { agreement, body, config, listPage, query, types } from '../test/fixtures';

/** The list with two agreements, the types and the configuration. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET agreement/read/all': listPage([agreement(), agreement({ id: 8, name: 'Protección de datos', type: 'data_protection', type_name: 'Protección de datos (RGPD)', requested: 0, signed: 12 })]),
    'GET agreement/types_agreements': envelopeOk(types),
    'GET agreement/config/read': envelopeOk(config()),
    ...(routes as Record<string, object>),
  });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('GET agreement/read/all').map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);

describe('the agreements list', () => {
  it('lists name (a link to it), type, pending and signed requests', async () => {
    const api = listHost();
    renderModule('/agreement/list', api);
    const table = await screen.findByRole('table', { name: 'Acuerdos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Tipo', 'Pendientes', 'Firmados', 'Acciones']);
    expect((await within(table).findAllByTestId('agreement-name')).map((link) => cells(link.closest('tr')!))).toEqual([
      ['Contrato de matrícula', 'Contrato de matrícula', '2', '1'],
      ['Protección de datos', 'Protección de datos (RGPD)', '0', '12'],
    ]);
    expect(screen.getByRole('link', { name: 'Protección de datos' })).toHaveAttribute('href', '/agreement/view/8');
    expect(screen.getByRole('link', { name: 'Nuevo acuerdo' })).toHaveAttribute('href', '/agreement/view/0');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
  });

  it('filters by type (agreement/types_agreements) keeping the search', async () => {
    const api = listHost();
    renderModule('/agreement/list', api);
    await screen.findAllByTestId('agreement-name');
    const type = screen.getByRole('combobox', { name: 'Tipo de acuerdo' });
    await waitFor(() => expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los tipos', ...types.map((x) => x.name)]));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' matrícula ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'matrícula', page: '1', per_page: '25' }));
    fireEvent.change(type, { target: { value: 'enrolment' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'matrícula', type: 'enrolment', page: '1', per_page: '25' }));
  });

  it('deletes after a confirmation that warns its pending requests are cancelled, then says how many were', async () => {
    const api = listHost({ 'POST agreement/delete': (req: MockRequest) => envelopeOk({ ...agreement({ id: body(req).id as number, state: 'deleted' }), requests_cancelled: 2 }) });
    renderModule('/agreement/list', api);
    await screen.findAllByTestId('agreement-name');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el acuerdo Contrato de matrícula' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el acuerdo «Contrato de matrícula»? Sus 2 solicitudes de firma pendientes se cancelan y sus enlaces dejan de funcionar. Las firmadas se conservan.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Acuerdo Contrato de matrícula eliminado: 2 solicitudes pendientes canceladas')).toBeInTheDocument();
    expect(api.calls('POST agreement/delete').map(body)).toEqual([{ id: 7 }]);
    await waitFor(() => expect(asked(api)).toHaveLength(2));
  });

  it('cancelling the confirmation deletes nothing; a refusal is shown above the list', async () => {
    const api = listHost({ 'POST agreement/delete': writeError('CONFLICT-000', 'El acuerdo está eliminado') });
    renderModule('/agreement/list', api);
    await screen.findAllByTestId('agreement-name');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el acuerdo Protección de datos' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Si tuviera solicitudes de firma pendientes, se cancelarían');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST agreement/delete')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el acuerdo Protección de datos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('agreement-action-errors')).toHaveTextContent('El acuerdo está eliminado');
  });
});

describe('the configuration', () => {
  const openConfig = async (api: ReturnType<typeof listHost>) => {
    renderModule('/agreement/list', api);
    fireEvent.click(await screen.findByRole('tab', { name: 'Configuración' }));
    return screen.findByRole('form', { name: 'Configuración' });
  };

  it('shows what agreement/config/read answers, with the hint that the body must carry {{ url }}', async () => {
    const form = await openConfig(listHost());
    expect(within(form).getByLabelText(/^Días de validez del enlace/)).toHaveValue('30');
    expect(within(form).getByLabelText(/^Asunto del correo/)).toHaveValue('{{ business_name }}: «{{ agreement }}» pendiente de firma');
    expect(within(form).getByLabelText(/^Texto del correo/)).toHaveValue('Hola {{ name }}:\n\nFirme aquí: {{ url }}\n\nGracias.');
    expect(within(form).getByLabelText(/^Enviar al firmante una copia/)).toBeChecked();
    expect(within(form).getByLabelText(/^NIF de la empresa/)).toHaveValue('B58378431');
    expect(within(form).getByTestId('config-mail-hint')).toHaveTextContent('El texto debe incluir {{ url }}: ahí va la dirección de la página de firma. También puede usar {{ name }}, {{ agreement }} y {{ business_name }}.');
  });

  it('refuses here a body without {{ url }} and days out of 1–365, sending nothing', async () => {
    const api = listHost();
    const form = await openConfig(api);
    fireEvent.change(within(form).getByLabelText(/^Días de validez del enlace/), { target: { value: '400' } });
    fireEvent.change(within(form).getByLabelText(/^Texto del correo/), { target: { value: 'Firme, por favor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar la configuración' }));
    expect(await within(form).findByTestId('error-mail_body')).toHaveTextContent('El correo debe llevar el enlace: {{ url }}');
    expect(within(form).getByTestId('error-valid_days')).toHaveTextContent('Indique un número de días de 1 a 365');
    expect(api.calls('POST agreement/config/save')).toHaveLength(0);
  });

  it('saves the whole configuration; the host\'s errors go under their fields', async () => {
    let refuse = true;
    const api = listHost({
      'POST agreement/config/save': (req: MockRequest) =>
        refuse ? writeError('REQ-102', 'El NIF no es válido', { field: 'business_nif' }) : envelopeOk(body(req)),
    });
    const form = await openConfig(api);
    fireEvent.change(within(form).getByLabelText(/^Días de validez del enlace/), { target: { value: '15' } });
    fireEvent.click(within(form).getByLabelText(/^Enviar al firmante una copia/));
    fireEvent.change(within(form).getByLabelText(/^NIF de la empresa/), { target: { value: 'B0000000X' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar la configuración' }));
    expect(await within(form).findByTestId('error-business_nif')).toHaveTextContent('El NIF no es válido');
    expect(within(form).getByLabelText(/^NIF de la empresa/)).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    fireEvent.change(within(form).getByLabelText(/^NIF de la empresa/), { target: { value: ' B58378431 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Configuración guardada')).toBeInTheDocument();
    expect(api.calls('POST agreement/config/save').map(body).at(-1)).toEqual({ ...config(), valid_days: 15, send_copy: false, business_nif: 'B58378431' });
    expect(within(form).queryByTestId('error-business_nif')).toBeNull();
  });
});
