import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { anonymousApi, renderModule } from '../test/render';
import { body, signedView, signingView } from '../test/fixtures';
import { spanishToday } from '../format';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAE';

/** jsdom has no canvas: a 2D context that draws nothing, and the drawing as a fixed PNG. */
beforeEach(() => {
  const context = { beginPath: vi.fn(), arc: vi.fn(), fill: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});

/** The public page of `ref-lucia` for a visitor without a session. */
function signHost(routes: Record<string, unknown> = {}) {
  return anonymousApi({
    'GET agreement/request/read': envelopeOk(signingView()),
    'POST agreement/request/sign': (req: MockRequest) => envelopeOk(signedView({ signer: { ...signingView().signer, ...(body(req).signer as object) } })),
    ...(routes as Record<string, object>),
  });
}

const form = () => screen.getByRole('form', { name: 'Sus datos y su firma' });
const input = (label: RegExp) => within(form()).getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
/** A stroke with the mouse across the pad. */
function draw() {
  const pad = screen.getByTestId('signature-pad');
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
  fireEvent.pointerUp(pad, { clientX: 60, clientY: 20, pointerId: 1 });
}
const sign = () => fireEvent.click(within(form()).getByRole('button', { name: 'Firmar' }));
const yearsAgo = (years: number) => `${Number(spanishToday().slice(0, 4)) - years}${spanishToday().slice(4)}`;

describe('the public signing page', () => {
  it('opens without a session: the business, the agreement, its cover and a link that opens its PDF', async () => {
    const api = signHost();
    renderModule('/agreement/sign/ref-lucia', api);
    expect(await screen.findByTestId('sign-title')).toHaveTextContent('Contrato de matrícula');
    expect(screen.getByTestId('sign-business')).toHaveTextContent('Autoescuela Volante');
    expect(screen.getByTestId('sign-description')).toHaveTextContent('Permiso B');
    expect(screen.getByRole('img', { name: 'Portada de Contrato de matrícula' })).toHaveAttribute('src', '/api/filesystem/file/read?file_id=302&link=ref-lucia');
    expect(screen.getByRole('link', { name: 'Leer el acuerdo (PDF)' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=301&link=ref-lucia');
    const [read] = api.calls('GET agreement/request/read');
    expect(Object.fromEntries(read.query)).toEqual({ reference: 'ref-lucia' });
    expect(read.headers.authorization).toBeUndefined();
    // name (filled in from the request) and document, always; nothing else is printed here
    expect(input(/^Nombre y apellidos/)).toHaveValue('Lucía Pérez Gómez');
    expect(input(/^DNI o NIE/)).toHaveValue('');
    expect(within(form()).queryByLabelText(/^Fecha de nacimiento/)).toBeNull();
    expect(screen.queryByTestId('guardian')).toBeNull();
  });

  it('refuses an empty signature here ("La firma no puede estar vacía"), sending nothing; "Borrar" empties it again', async () => {
    const api = signHost();
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    type(/^DNI o NIE/, '54362315K');
    sign();
    expect(await within(form()).findByTestId('error-signature')).toHaveTextContent('La firma no puede estar vacía');
    expect(screen.getByTestId('signature-pad')).toHaveAttribute('aria-invalid', 'true');
    draw();
    expect(within(form()).queryByTestId('error-signature')).toBeNull();
    fireEvent.click(within(form()).getByRole('button', { name: 'Borrar' }));
    sign();
    expect(await within(form()).findByTestId('error-signature')).toHaveTextContent('La firma no puede estar vacía');
    expect(api.calls('POST agreement/request/sign')).toHaveLength(0);
  });

  it('signs with the drawn PNG and the signer, then shows "Acuerdo firmado" with the day and the signed PDF', async () => {
    const api = signHost();
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    type(/^Nombre y apellidos/, ' Lucía Pérez Gómez ');
    type(/^DNI o NIE/, '54362315k');
    draw();
    sign();
    const signed = await screen.findByTestId('signed');
    expect(within(signed).getByRole('heading', { name: 'Acuerdo firmado' })).toBeInTheDocument();
    expect(within(signed).getByTestId('signed-at')).toHaveTextContent('Firmado el 26/11/2026 - 13:00:00');
    expect(within(signed).getByRole('link', { name: 'Descargar el acuerdo firmado' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=311&link=ref-lucia&download=1');
    expect(screen.queryByRole('form', { name: 'Sus datos y su firma' })).toBeNull();
    const [sent] = api.calls('POST agreement/request/sign');
    expect(sent.headers.authorization).toBeUndefined();
    expect(body(sent)).toEqual({
      reference: 'ref-lucia',
      signature: PNG,
      signer: { name: 'Lucía Pérez Gómez', document: '54362315k', birthday: '', address: '', city: '', province: '', postal_code: '', phone: '', guardian_name: '', guardian_document: '' },
    });
  });

  it('a signer younger than guardian_below needs the parent or guardian: the fields show, required', async () => {
    const view = signingView({ fields: ['name', 'document', 'birthday', 'address'] });
    const api = signHost({ 'GET agreement/request/read': envelopeOk(view) });
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    type(/^DNI o NIE/, '54362315K');
    type(/^Dirección/, 'Calle Mayor 1');
    type(/^Fecha de nacimiento/, yearsAgo(20));
    expect(screen.queryByTestId('guardian')).toBeNull();
    type(/^Fecha de nacimiento/, yearsAgo(10));
    const guardian = await screen.findByTestId('guardian');
    expect(within(guardian).getByTestId('guardian-notice')).toHaveTextContent('El firmante tiene menos de 14 años: su padre, su madre o su tutor debe indicar sus datos.');
    draw();
    sign();
    expect(await within(guardian).findByTestId('error-guardian_name')).toHaveTextContent('Firma un menor de 14 años: indique el padre, la madre o el tutor');
    expect(within(guardian).getByTestId('error-guardian_document')).toHaveTextContent('Indique el DNI o NIE del padre, la madre o el tutor');
    expect(api.calls('POST agreement/request/sign')).toHaveLength(0);
    type(/^Nombre y apellidos del padre/, 'Marta Gómez Ruiz');
    type(/^DNI o NIE del padre/, 'X5253868R');
    sign();
    await screen.findByTestId('signed');
    expect(body(api.calls('POST agreement/request/sign')[0]).signer).toMatchObject({ birthday: yearsAgo(10), address: 'Calle Mayor 1', guardian_name: 'Marta Gómez Ruiz', guardian_document: 'X5253868R' });
  });

  it('an adult may add a parent or guardian too; printed fields are required', async () => {
    const view = signingView({ fields: ['name', 'document', 'phone'] });
    const api = signHost({ 'GET agreement/request/read': envelopeOk(view) });
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    fireEvent.click(input(/^Firma también el padre/));
    expect(await screen.findByTestId('guardian')).toBeInTheDocument();
    expect(screen.queryByTestId('guardian-notice')).toBeNull();
    draw();
    sign();
    expect(await within(form()).findByTestId('error-phone')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form()).getByTestId('error-document')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form()).queryByTestId('error-guardian_name')).toBeNull();
    expect(api.calls('POST agreement/request/sign')).toHaveLength(0);
  });

  it("shows the host's refusals at their fields (REQ-102 data.field)", async () => {
    const api = signHost({
      'POST agreement/request/sign': writeError('REQ-102', 'El DNI no es válido: revise la letra', { field: 'document' }),
    });
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    type(/^DNI o NIE/, '54362315A');
    draw();
    sign();
    expect(await within(form()).findByTestId('error-document')).toHaveTextContent('El DNI no es válido: revise la letra');
    expect(input(/^DNI o NIE/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('signed')).toBeNull();
  });

  it('opened already signed: "Acuerdo firmado" with the signed PDF, no form', async () => {
    renderModule('/agreement/sign/ref-lucia', signHost({ 'GET agreement/request/read': envelopeOk(signedView()) }));
    expect(await screen.findByRole('heading', { name: 'Acuerdo firmado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar el acuerdo firmado' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a revoked or expired link (LINK-001) says "Este enlace ya no es válido"; an unknown one "Enlace no encontrado"', async () => {
    const { unmount } = renderModule('/agreement/sign/ref-old', signHost({ 'GET agreement/request/read': readError('LINK-001', 'El enlace ha caducado') }));
    const closed = await screen.findByTestId('link-expired');
    expect(within(closed).getByRole('heading', { name: 'Este enlace ya no es válido' })).toBeInTheDocument();
    expect(closed).toHaveTextContent('La solicitud de firma se ha anulado o el enlace ha caducado');
    unmount();
    renderModule('/agreement/sign/nope', signHost({ 'GET agreement/request/read': readError('NOT-FOUND-000', 'Enlace no encontrado') }));
    expect(await screen.findByRole('heading', { name: 'Enlace no encontrado' })).toBeInTheDocument();
  });

  it('a link revoked while the page was open shows the same page when signing', async () => {
    const api = signHost({ 'POST agreement/request/sign': writeError('LINK-001', 'El enlace ya no es válido') });
    renderModule('/agreement/sign/ref-lucia', api);
    await screen.findByTestId('sign-title');
    type(/^DNI o NIE/, '54362315K');
    draw();
    sign();
    await waitFor(() => expect(screen.getByTestId('link-expired')).toHaveTextContent('Este enlace ya no es válido'));
  });
});
