import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, mockXhrUploads, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { agreement, body, detail, storedFile, types } from '../test/fixtures';

/** Agreement 7 with its requests, the types, the PDF's page count; writes answer what was sent. */
function viewHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET agreement/read/7': envelopeOk(detail()),
    'GET agreement/types_agreements': envelopeOk(types),
    'GET filesystem/file/read': (req: MockRequest) => envelopeOk({ file_id: Number(req.query.get('file_id')), pages: 2 }),
    'POST agreement/update': (req: MockRequest) => envelopeOk(agreement({ ...(body(req) as object) })),
    ...(routes as Record<string, object>),
  });
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const rows = () => screen.getAllByTestId('placement');
const field = (row: HTMLElement, label: RegExp) => within(row).getByLabelText(label) as HTMLInputElement;
const values = (row: HTMLElement) => [/^Variable/, /^Página/, /^X \(%\)/, /^Y \(%\)/, /^(Tamaño|Ancho)/].map((l) => field(row, l).value);
const openVariables = () => fireEvent.click(screen.getByRole('tab', { name: /^Variables/ }));
/** The page box measures 200 × 283 px at (100, 50). */
const measureBox = () =>
  vi.spyOn(screen.getByTestId('page-box'), 'getBoundingClientRect').mockReturnValue({ left: 100, top: 50, width: 200, height: 283, right: 300, bottom: 333, x: 100, y: 50, toJSON: () => ({}) });

describe('an agreement', () => {
  it('shows its head, its PDF with the session token, and its placements in percent of the page', async () => {
    const api = viewHost();
    renderModule('/agreement/view/7', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Contrato de matrícula');
    expect(screen.getByTestId('view-type')).toHaveTextContent('Contrato de matrícula');
    expect(screen.getByTestId('view-requested')).toHaveTextContent('2');
    expect(screen.getByTestId('view-signed')).toHaveTextContent('1');
    expect(screen.getByTestId('view-pdf')).toHaveAttribute('href', '/api/filesystem/file/read?file_id=301&token=test-token');
    expect(screen.getByRole('tab', { name: 'Variables (3)' })).toBeInTheDocument();
    openVariables();
    expect(rows().map(values)).toEqual([
      ['name', '1', '12,5', '20', '11'],
      ['document', '1', '12,5', '24', '11'],
      ['signature', '1', '55', '75', '30'],
    ]);
    expect(field(rows()[2], /^Ancho \(%\)/)).toBeInTheDocument();
    // the variable select offers the 19 variables in Spanish
    const options = within(field(rows()[0], /^Variable/) as unknown as HTMLElement).getAllByRole('option');
    expect(options).toHaveLength(19);
    expect(options.map((o) => o.textContent)).toContain('DNI o NIE del padre, la madre o el tutor');
    // the PDF's pages (filesystem/file/read?pdf_count=1) and the markers on page 1
    expect(await screen.findByTestId('pdf-pages')).toHaveTextContent('El PDF tiene 2 páginas');
    expect(api.calls('GET filesystem/file/read').map((r) => Object.fromEntries(r.query))).toEqual([{ file_id: '301', pdf_count: '1' }]);
    const markers = within(screen.getByTestId('page-box')).getAllByTestId('page-marker');
    expect(markers.map((m) => m.textContent)).toEqual(['Nombre del firmante', 'DNI o NIE del firmante', 'Firma']);
    expect(markers[0]).toHaveStyle({ left: '12.5%', top: '20%' });
    expect(markers[2]).toHaveStyle({ width: '30%' });
  });

  it('a click in the page box places the selected variable there (and on the page shown)', async () => {
    const api = viewHost();
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    openVariables();
    fireEvent.click(screen.getByRole('button', { name: 'Colocar la variable 3 (Firma) con un clic en la página' }));
    expect(screen.getByTestId('page-box-hint')).toHaveTextContent('Pulse en la página donde va «Firma».');
    await screen.findByTestId('pdf-pages');
    fireEvent.change(screen.getByRole('combobox', { name: 'Página mostrada' }), { target: { value: '2' } });
    measureBox();
    fireEvent.click(screen.getByTestId('page-box'), { clientX: 150, clientY: 191.5 });
    expect(values(rows()[2])).toEqual(['signature', '2', '25', '50', '30']);
    // sent as fractions of the page, only the variables (what changed)
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Acuerdo Contrato de matrícula guardado')).toBeInTheDocument();
    expect(api.calls('POST agreement/update').map(body)).toEqual([
      {
        id: 7,
        variables: [
          { variable: 'name', page: 1, x: 0.125, y: 0.2, size: 11, width: 0.25 },
          { variable: 'document', page: 1, x: 0.125, y: 0.24, size: 11, width: 0.25 },
          { variable: 'signature', page: 2, x: 0.25, y: 0.5, size: 10, width: 0.3 },
        ],
      },
    ]);
  });

  it('refuses a wrong placement here, under its field, on the Variables tab; nothing is sent', async () => {
    const api = viewHost();
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    await screen.findByTestId('pdf-pages');
    openVariables();
    fireEvent.change(field(rows()[1], /^Y \(%\)/), { target: { value: '120' } });
    fireEvent.change(field(rows()[0], /^Página/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Datos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(rows()[1]).findByTestId('error-variables[1].y')).toHaveTextContent('Indique un porcentaje de 0 a 100');
    expect(within(rows()[0]).getByTestId('error-variables[0].page')).toHaveTextContent('Indique una página de 1 a 2');
    expect(screen.getByRole('tab', { name: /^Variables/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Variables/ })).toHaveAttribute('data-marked', 'true');
    expect(api.calls('POST agreement/update')).toHaveLength(0);
  });

  it("the host's errors go under the placement's field they name, and a page the PDF lacks under the list", async () => {
    const api = viewHost({
      'POST agreement/update': writeError('REQ-102', 'El tamaño del texto va de 4 a 72 puntos', { field: 'variables[0].size' }),
    });
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    openVariables();
    fireEvent.change(field(rows()[0], /^Tamaño/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(rows()[0]).findByTestId('error-variables[0].size')).toHaveTextContent('El tamaño del texto va de 4 a 72 puntos');
    api.on('POST agreement/update', writeError('REQ-102', 'No se pueden colocar las variables en el PDF: la página 3 no existe', { field: 'variables' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(screen.getByTestId('placements')).findByTestId('error-variables')).toHaveTextContent('la página 3 no existe');
    // taking a row off forgets the errors by index
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la variable 1 (Nombre del firmante)' }));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByTestId('error-variables')).toBeNull();
  });

  it('sends only what changed, and says so when nothing did', async () => {
    const api = viewHost();
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Descripción/), { target: { value: 'Permiso B y AM' } });
    fireEvent.click(screen.getByLabelText(/^Incluir en el libro de registro/));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Acuerdo Contrato de matrícula guardado');
    expect(api.calls('POST agreement/update').map(body)).toEqual([{ id: 7, description: 'Permiso B y AM', dgt_register: false }]);
  });
});

describe('a new agreement', () => {
  const newHost = (gate: Promise<void> = Promise.resolve()) =>
    mockApi({
      'GET agreement/types_agreements': envelopeOk(types),
      'GET filesystem/file/read': (req: MockRequest) => envelopeOk({ file_id: Number(req.query.get('file_id')), pages: 1 }),
      'POST agreement/file/upload': async (req: MockRequest) => {
        await gate;
        return envelopeOk(storedFile(req, 501));
      },
      'POST agreement/create': (req: MockRequest) => envelopeOk(agreement({ id: 9, ...(body(req) as object) })),
      'GET agreement/read/9': envelopeOk(detail({ id: 9, requests: [] })),
    });

  it('uploads its PDF with progress, places name and signature, and is created with fractions of the page', async () => {
    let release: () => void = () => {};
    const api = newHost(new Promise<void>((resolve) => (release = resolve)));
    restore = mockXhrUploads(api);
    renderModule('/agreement/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo acuerdo' });
    // the types come from agreement/types_agreements
    await within(form).findByRole('option', { name: 'Contrato de matrícula' });
    fireEvent.change(within(form).getByLabelText(/^Tipo/), { target: { value: 'enrolment' } });
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Matrícula 2027 ' } });
    // not a PDF: refused here
    fireEvent.change(within(form).getByLabelText('Subir PDF'), { target: { files: [new File(['x'], 'notas.txt', { type: 'text/plain' })] } });
    expect(await screen.findByTestId('pdf-failed')).toHaveTextContent('notas.txt no es un PDF');
    fireEvent.change(within(form).getByLabelText('Subir PDF'), { target: { files: [new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByTestId('pdf-progress')).toHaveTextContent('Subiendo… 100 %'));
    release();
    expect(await screen.findByTestId('pdf-link')).toHaveTextContent('contrato.pdf');
    expect(screen.getByTestId('pdf-link')).toHaveAttribute('href', '/api/filesystem/file/read?file_id=501&token=test-token');
    // the plugin's upload route (the `agreement` permission is enough): the multipart's `file` only
    const uploads = api.calls('POST agreement/file/upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0].headers.authorization).toBe('Token test-token');
    const sent = uploads[0].body as FormData;
    expect([...sent.keys()]).toEqual(['file', 'kind']);
    expect(sent.get('kind')).toBe('pdf');
    expect((sent.get('file') as File).name).toBe('contrato.pdf');

    openVariables();
    await screen.findByTestId('pdf-pages');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir variable' }));
    fireEvent.change(field(rows()[0], /^X \(%\)/), { target: { value: '12,5' } });
    fireEvent.change(field(rows()[0], /^Y \(%\)/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir variable' }));
    fireEvent.change(field(rows()[1], /^Variable/), { target: { value: 'signature' } });
    fireEvent.change(field(rows()[1], /^Ancho \(%\)/), { target: { value: '40' } });
    // the new row is the selected one: a click places it
    measureBox();
    fireEvent.click(screen.getByTestId('page-box'), { clientX: 200, clientY: 262.25 });
    expect(values(rows()[1])).toEqual(['signature', '1', '50', '75', '40']);

    fireEvent.click(screen.getByRole('button', { name: 'Crear acuerdo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agreement/view/9'));
    expect(api.calls('POST agreement/create').map(body)).toEqual([
      {
        type: 'enrolment',
        name: 'Matrícula 2027',
        description: '',
        pdf_file_id: 501,
        variables: [
          { variable: 'name', page: 1, x: 0.125, y: 0.2, size: 10, width: 0.25 },
          { variable: 'signature', page: 1, x: 0.5, y: 0.75, size: 10, width: 0.4 },
        ],
        dgt_register: false,
      },
    ]);
  });

  it('needs a type and a name before anything is sent', async () => {
    const api = newHost();
    renderModule('/agreement/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo acuerdo' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear acuerdo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-type')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST agreement/create')).toHaveLength(0);
  });
});

describe("an agreement's files (agreement/file/upload)", () => {
  const pdf = (name = 'contrato.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  const png = (name = 'portada.png') => new File(['\x89PNG'], name, { type: 'image/png' });
  const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

  it('uploads a new cover with progress, previews it with the token, and saves only its id; "Quitar imagen" sends null', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = viewHost({
      'POST agreement/file/upload': async (req: MockRequest) => {
        await gate;
        return envelopeOk(storedFile(req, 502));
      },
    });
    restore = mockXhrUploads(api);
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    const cover = screen.getByTestId('cover');
    expect(within(cover).getByTestId('cover-preview')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=302&token=test-token');
    // not a PNG or JPEG: refused here, nothing sent
    choose('Subir imagen', pdf('portada.pdf'));
    expect(await within(cover).findByTestId('cover-failed')).toHaveTextContent('portada.pdf no es una imagen PNG o JPEG');
    choose('Subir imagen', png());
    await waitFor(() => expect(within(cover).getByTestId('cover-progress')).toHaveTextContent('Subiendo… 100 %'));
    expect(within(cover).queryByTestId('cover-failed')).toBeNull();
    release();
    await waitFor(() => expect(within(cover).getByTestId('cover-preview')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=502&token=test-token'));
    expect(within(cover).queryByTestId('cover-progress')).toBeNull();
    const uploads = api.calls('POST agreement/file/upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0].headers.authorization).toBe('Token test-token');
    expect(((uploads[0].body as FormData).get('file') as File).name).toBe('portada.png');
    expect((uploads[0].body as FormData).get('kind')).toBe('image');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Acuerdo Contrato de matrícula guardado');
    expect(api.calls('POST agreement/update').map(body)).toEqual([{ id: 7, cover_file_id: 502 }]);

    fireEvent.click(within(screen.getByTestId('cover')).getByRole('button', { name: 'Quitar imagen' }));
    expect(within(screen.getByTestId('cover')).getByTestId('cover-none')).toHaveTextContent('Sin imagen de portada');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST agreement/update')).toHaveLength(2));
    expect(body(api.calls('POST agreement/update')[1])).toEqual({ id: 7, cover_file_id: null });
  });

  it("shows the host's REQ-102 on `file` at the field it was chosen in, and keeps the file there was", async () => {
    const refusal = 'El archivo debe ser un PDF o una imagen png, jpg o jpeg';
    const api = viewHost({ 'POST agreement/file/upload': writeError('REQ-102', refusal, { field: 'file' }) });
    restore = mockXhrUploads(api);
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');

    choose('Subir PDF', pdf('roto.pdf'));
    const pdfField = screen.getByTestId('pdf');
    const failed = await within(pdfField).findByTestId('pdf-failed');
    expect(failed).toHaveTextContent(refusal);
    const input = screen.getByLabelText('Subir PDF');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(failed.id);
    // the PDF there was stays, and the error is not the form's
    expect(within(pdfField).getByTestId('pdf-link')).toHaveAttribute('href', '/api/filesystem/file/read?file_id=301&token=test-token');
    expect(screen.queryByTestId('agreement-errors')).toBeNull();
    expect(within(screen.getByTestId('cover')).queryByTestId('cover-failed')).toBeNull();

    choose('Subir imagen', png('grande.png'));
    const coverField = screen.getByTestId('cover');
    expect(await within(coverField).findByTestId('cover-failed')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Subir imagen')).toHaveAttribute('aria-invalid', 'true');
    expect(within(coverField).getByTestId('cover-preview')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=302&token=test-token');
    expect(api.calls('POST agreement/file/upload')).toHaveLength(2);

    // the host's own refusal of a file (too large) goes there too
    api.on('POST agreement/file/upload', writeError('FILE-001', 'El archivo supera el tamaño máximo'));
    choose('Subir imagen', png('enorme.png'));
    await waitFor(() => expect(within(coverField).getByTestId('cover-failed')).toHaveTextContent('El archivo supera el tamaño máximo'));

    // nothing changed: nothing to save
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
  });

  it('refuses a ".pdf" the host found an image in, and shows the name the host gave a repeated one', async () => {
    const api = viewHost({ 'POST agreement/file/upload': (req: MockRequest) => envelopeOk(storedFile(req, 503, { kind: 'image', content_type: 'image/png' })) });
    restore = mockXhrUploads(api);
    renderModule('/agreement/view/7', api);
    await screen.findByTestId('view-title');
    choose('Subir PDF', pdf('foto.pdf'));
    expect(await screen.findByTestId('pdf-failed')).toHaveTextContent('foto.pdf no es un PDF');
    expect(screen.getByTestId('pdf-link')).toHaveAttribute('href', '/api/filesystem/file/read?file_id=301&token=test-token');

    // "contrato.pdf" was already in "Acuerdos": the host numbers it
    api.on('POST agreement/file/upload', (req: MockRequest) => envelopeOk(storedFile(req, 504, { name: 'contrato (2).pdf' })));
    choose('Subir PDF', pdf());
    await waitFor(() => expect(screen.getByTestId('pdf-link')).toHaveTextContent('contrato (2).pdf'));
    expect(screen.queryByTestId('pdf-failed')).toBeNull();
    expect(screen.getByTestId('pdf-link')).toHaveAttribute('href', '/api/filesystem/file/read?file_id=504&token=test-token');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Acuerdo Contrato de matrícula guardado');
    expect(api.calls('POST agreement/update').map(body)).toEqual([{ id: 7, pdf_file_id: 504 }]);
  });
});
