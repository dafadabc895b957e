import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, detail, request, types } from '../test/fixtures';

/** Agreement 7 with Pablo's pending request and Lucía's signed one. */
function requestsHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET agreement/read/7': envelopeOk(detail()),
    'GET agreement/types_agreements': envelopeOk(types),
    'GET filesystem/file/read': envelopeOk({ file_id: 301, pages: 1 }),
    ...(routes as Record<string, object>),
  });
}

const table = () => screen.getByRole('table', { name: 'Solicitudes de firma del acuerdo' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
const dialog = () => screen.getByRole('dialog', { name: 'Solicitar firma: Contrato de matrícula' });
const lucia = { id: 90, code: 'C-90', type: 'P', display_name: 'Lucía Pérez Gómez', fiscal_code: '54362315K', email: 'lucia@example.com', phone: '600000000' };

describe("an agreement's signature requests", () => {
  it('lists signer, e-mail, status, the signed date and PDF, and the link to the signing page', async () => {
    renderModule('/agreement/view/7', requestsHost());
    await screen.findByTestId('view-title');
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Firmante', 'Correo', 'Solicitada', 'Estado', 'Firmada', 'Acciones']);
    const pablo = rowOf('Pablo Ruiz');
    expect(within(pablo).getByTestId('request-status')).toHaveTextContent('Pendiente');
    expect(within(pablo).queryByTestId('request-signed-pdf')).toBeNull();
    expect(within(pablo).getByRole('link', { name: 'Abrir el enlace de firma de Pablo Ruiz' })).toHaveAttribute('href', `${window.location.origin}/agreement/sign/ref-pablo`);
    expect(within(pablo).getByRole('button', { name: 'Eliminar la solicitud de Pablo Ruiz' })).toBeInTheDocument();
    const signed = rowOf('Lucía Pérez Gómez');
    expect(signed).toHaveTextContent('lucia@example.com');
    expect(within(signed).getByTestId('request-status')).toHaveTextContent('Firmado');
    expect(within(signed).getByTestId('request-signed-at')).toHaveTextContent('21/11/2026 - 12:30:00');
    expect(within(signed).getByRole('link', { name: 'PDF firmado por Lucía Pérez Gómez' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=311&token=test-token');
    // a signed request cannot be deleted
    expect(within(signed).queryByRole('button', { name: /^Eliminar/ })).toBeNull();
  });

  it('"Copiar enlace" puts the full address of the signing page on the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderModule('/agreement/view/7', requestsHost());
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el enlace de firma de Pablo Ruiz' }));
    const url = `${window.location.origin}/agreement/sign/ref-pablo`;
    expect(await screen.findByText(`Enlace copiado: ${url}`)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(url);
    // no clipboard: the address to copy by hand
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el enlace de firma de Lucía Pérez Gómez' }));
    expect(await screen.findByText(`Copie el enlace: ${window.location.origin}/agreement/sign/ref-lucia`)).toBeInTheDocument();
  });

  it('deletes a pending request after confirming (its link stops working), then reads the agreement again', async () => {
    const api = requestsHost({ 'POST agreement/request/delete': (req: MockRequest) => envelopeOk(request({ id: body(req).id as number, state: 'deleted' })) });
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la solicitud de Pablo Ruiz' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('¿Eliminar la solicitud de firma de Pablo Ruiz? Su enlace deja de funcionar.');
    api.on('GET agreement/read/7', envelopeOk(detail({ requests: detail().requests.slice(1), requested: 1 })));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Solicitud de Pablo Ruiz eliminada')).toBeInTheDocument();
    expect(api.calls('POST agreement/request/delete').map(body)).toEqual([{ id: 43 }]);
    await waitFor(() => expect(within(table()).queryByText('Pablo Ruiz')).toBeNull());
    expect(screen.getByTestId('view-requested')).toHaveTextContent('1');
  });

  it('without a PDF no signature can be requested', async () => {
    renderModule('/agreement/view/7', requestsHost({ 'GET agreement/read/7': envelopeOk(detail({ pdf_file_id: null, pdf_url: null, variables: [], requests: [] })) }));
    await screen.findByTestId('view-title');
    expect(screen.getByRole('button', { name: 'Solicitar firma' })).toBeDisabled();
    expect(screen.getByTestId('requests-need-pdf')).toHaveTextContent('Suba el PDF del acuerdo para poder solicitar firmas.');
    expect(screen.getByText('Todavía no se ha pedido ninguna firma')).toBeInTheDocument();
  });
});

describe('"Solicitar firma"', () => {
  it('for a contact found with the finder: their e-mail is offered, the link mailed', async () => {
    const api = requestsHost({
      'GET contact/finder': envelopeOk([lucia]),
      'POST agreement/request/create': (req: MockRequest) => envelopeOk({ ...request({ id: 44, email: body(req).email as string }), mailed: true }),
    });
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar firma' }));
    const search = within(dialog()).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'lucía' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Elegir Lucía Pérez Gómez' }));
    expect(within(dialog()).getByTestId('request-contact')).toHaveTextContent('Lucía Pérez Gómez54362315K');
    // a contact's name comes from the contact: no name field
    expect(within(dialog()).queryByLabelText(/^Nombre del firmante/)).toBeNull();
    expect(within(dialog()).getByLabelText(/^Correo electrónico/)).toHaveValue('lucia@example.com');
    fireEvent.click(within(dialog()).getByLabelText(/^Enviar el enlace por correo/));
    fireEvent.change(within(dialog()).getByLabelText(/^Código del registro de la DGT/), { target: { value: ' 28-0042 ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Solicitar firma' }));
    expect(await screen.findByText('Solicitud de firma enviada a lucia@example.com')).toBeInTheDocument();
    expect(api.calls('GET contact/finder').map((r) => r.query.get('search'))).toEqual(['lucía']);
    expect(api.calls('POST agreement/request/create').map(body)).toEqual([
      { agreement_id: 7, contact_id: 90, email: 'lucia@example.com', send_mail: true, dgt_register_code: '28-0042' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('GET agreement/read/7')).toHaveLength(2);
  });

  it('for a new signer by name, not mailed; an address is needed to mail the link', async () => {
    const api = requestsHost({ 'POST agreement/request/create': (req: MockRequest) => envelopeOk({ ...request({ id: 45, contact_id: null, email: '' }), mailed: body(req).send_mail }) });
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar firma' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Nombre del firmante/), { target: { value: ' Marta Gómez ' } });
    fireEvent.click(within(dialog()).getByLabelText(/^Enviar el enlace por correo/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Solicitar firma' }));
    expect(await within(dialog()).findByTestId('error-email')).toHaveTextContent('Indique el correo al que enviar el enlace');
    expect(api.calls('POST agreement/request/create')).toHaveLength(0);
    fireEvent.click(within(dialog()).getByLabelText(/^Enviar el enlace por correo/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Solicitar firma' }));
    expect(await screen.findByText('Solicitud de firma creada: copie el enlace para dárselo al firmante')).toBeInTheDocument();
    expect(api.calls('POST agreement/request/create').map(body)).toEqual([{ agreement_id: 7, email: '', send_mail: false, dgt_register_code: '', signer: { name: 'Marta Gómez' } }]);
  });

  it("shows the host's refusal under the field it names; Escape closes the dialog", async () => {
    const api = requestsHost({ 'POST agreement/request/create': writeError('REQ-102', 'El correo electrónico no es válido', { field: 'email' }) });
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar firma' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Solicitar firma' }));
    expect(await within(dialog()).findByTestId('error-email')).toHaveTextContent('El correo electrónico no es válido');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
