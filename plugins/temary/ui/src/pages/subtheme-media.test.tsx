import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, mockXhrUploads, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, sheet, sheets, subthemeDetail, temary, themeDetail, video } from '../test/fixtures';

/** "Señales verticales" (32): three sheets and a video; the writes answer what was sent. */
function mediaHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET temary/subtheme/read/32': envelopeOk(subthemeDetail()),
    'POST temary/subtheme/sheet/delete': (req: MockRequest) => envelopeOk(sheet({ id: body(req).id, state: 'deleted' })),
    'POST temary/subtheme/video/delete': (req: MockRequest) => envelopeOk(video({ id: body(req).id, state: 'deleted' })),
    'POST temary/subtheme/sheet/orden': (req: MockRequest) => envelopeOk((body(req).ids as number[]).map((id, i) => sheet({ id, position: i + 1 }))),
    // every file fits unless a test says otherwise
    'GET temary/upload/check': (req: MockRequest) =>
      envelopeOk({ ok: true, content_type: req.query.get('content_type'), size: Number(req.query.get('size')), max_upload_bytes: 52428800, quota_bytes: 1073741824, used_bytes: 0, free_bytes: 1073741824 }),
    ...(routes as Record<string, object>),
  });
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const reads = (api: ReturnType<typeof mediaHost>) => api.calls('GET temary/subtheme/read/32');
const card = (kind: 'sheets' | 'videos') => screen.getByTestId(`subtheme-${kind}`);
const form = (name: 'Nueva ficha' | 'Nuevo vídeo') => screen.getByRole('form', { name });
const pdf = (name = 'peligro.pdf', type = 'application/pdf') => new File(['%PDF-1.4 ficha'], name, { type });
const choose = (where: HTMLElement, file: File) => fireEvent.change(within(where).getByLabelText(/^Archivo/), { target: { files: [file] } });
const sent = (req: MockRequest) => {
  const data = req.body as FormData;
  return Object.fromEntries([...data.keys()].map((key) => [key, key === 'file' ? (data.get(key) as File).name : data.get(key)]));
};

describe("a subtheme's sheets and videos", () => {
  it('lists each in order with its size (base 1024) and a link that opens its file', async () => {
    const api = mediaHost();
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findByTestId('view-title');
    const sheetList = within(card('sheets')).getByRole('list', { name: 'Fichas del subtema' });
    expect(within(card('sheets')).getByRole('heading', { name: 'Fichas' })).toBeInTheDocument();
    expect(within(sheetList).getAllByTestId('position').map((p) => p.textContent)).toEqual(['1', '2', '3']);
    expect(within(sheetList).getAllByTestId('sheet-title').map((a) => a.textContent)).toEqual(['Ficha de peligro', 'Ficha de prohibición', 'Ficha de prioridad']);
    expect(within(sheetList).getAllByTestId('sheet-size').map((s) => s.textContent)).toEqual(['1,5 KB', '200 KB', '1 MB']);
    expect(within(sheetList).getByTestId('sheet-description')).toHaveTextContent('Para repasar en casa');
    const link = screen.getByRole('link', { name: 'Abrir la ficha Ficha de peligro' });
    expect(link).toHaveAttribute('href', '/api/filesystem/file/read?file_id=901&token=test-token');
    expect(link).toHaveAttribute('target', '_blank');

    const videoList = within(card('videos')).getByRole('list', { name: 'Vídeos del subtema' });
    expect(within(card('videos')).getByRole('heading', { name: 'Vídeos' })).toBeInTheDocument();
    expect(within(videoList).getByTestId('video-size')).toHaveTextContent('2,5 MB');
    expect(screen.getByRole('link', { name: 'Abrir el vídeo Las señales en la carretera' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=911&token=test-token');
    // videos are not moved; sheets are, not past either end
    expect(within(videoList).queryByRole('button', { name: /^Subir|^Bajar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir la ficha Ficha de peligro' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar la ficha Ficha de prioridad' })).toBeDisabled();

    // what each upload takes
    expect(within(form('Nueva ficha')).getByLabelText(/^Archivo/)).toHaveAttribute('accept', 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg');
    expect(within(form('Nuevo vídeo')).getByLabelText(/^Archivo/)).toHaveAttribute('accept', 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.webm,.ogg,.ogv,.mov');
  });

  it('says when there are none', async () => {
    const api = mediaHost({ 'GET temary/subtheme/read/32': envelopeOk(subthemeDetail({ sheets: [], videos: [] })) });
    renderModule('/temary/subtheme/create/32/21/5', api);
    expect(await screen.findByTestId('sheet-empty')).toHaveTextContent('Todavía no hay fichas');
    expect(screen.getByTestId('video-empty')).toHaveTextContent('Todavía no hay vídeos');
  });

  it('uploads a sheet as multipart (file, subtheme_id, title, description) showing its progress, then reads the subtheme again', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mediaHost({
      'POST temary/subtheme/sheet/upload': async (req: MockRequest) => {
        await gate;
        return envelopeOk(sheet({ id: 54, position: 4, title: (req.body as FormData).get('title') }));
      },
    });
    restore = mockXhrUploads(api, { steps: [0.5] });
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findByTestId('view-title');
    const upload = form('Nueva ficha');
    choose(upload, pdf());
    fireEvent.change(within(upload).getByRole('textbox', { name: /^Título/ }), { target: { value: ' Ficha de obligación ' } });
    fireEvent.change(within(upload).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Para el examen' } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));

    const progress = await within(upload).findByTestId('sheet-progress');
    await waitFor(() => expect(progress).toHaveTextContent('Subiendo: 50 %'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('value', '50');
    expect(within(upload).getByRole('button', { name: 'Subir ficha' })).toBeDisabled();

    api.on('GET temary/subtheme/read/32', envelopeOk(subthemeDetail({ sheets: [...sheets(), sheet({ id: 54, position: 4, title: 'Ficha de obligación' })] })));
    release();
    expect(await screen.findByText('Ficha Ficha de obligación subida')).toBeInTheDocument();
    const [request] = api.calls('POST temary/subtheme/sheet/upload');
    expect(sent(request)).toEqual({ subtheme_id: '32', title: 'Ficha de obligación', description: 'Para el examen', file: 'peligro.pdf' });
    expect(request.headers.authorization).toBe('Token test-token');
    await waitFor(() => expect(screen.getAllByTestId('sheet-title').map((a) => a.textContent)).toContain('Ficha de obligación'));
    expect(reads(api)).toHaveLength(2);
    // the form starts again, without progress
    expect(within(form('Nueva ficha')).getByRole('textbox', { name: /^Título/ })).toHaveValue('');
    expect(within(form('Nueva ficha')).queryByTestId('sheet-progress')).not.toBeInTheDocument();
  });

  it('uploads a video with only the file and its subtheme when title and description are empty', async () => {
    const api = mediaHost({ 'POST temary/subtheme/video/upload': envelopeOk(video({ id: 62, position: 2, title: 'vias.mp4' })) });
    restore = mockXhrUploads(api);
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findByTestId('view-title');
    choose(form('Nuevo vídeo'), new File(['mp4'], 'vias.mp4', { type: 'video/mp4' }));
    fireEvent.click(within(form('Nuevo vídeo')).getByRole('button', { name: 'Subir vídeo' }));
    expect(await screen.findByText('Vídeo vias.mp4 subido')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/video/upload').map(sent)).toEqual([{ subtheme_id: '32', file: 'vias.mp4' }]);
    await waitFor(() => expect(reads(api)).toHaveLength(2));
  });

  it("asks for the file before sending, and shows the host's refusals under their field or clearly", async () => {
    const api = mediaHost({ 'POST temary/subtheme/sheet/upload': writeError('REQ-102', 'Solo se admiten fichas PDF, PNG o JPEG', { field: 'file' }) });
    restore = mockXhrUploads(api);
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findByTestId('view-title');
    const upload = form('Nueva ficha');
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    expect(await within(upload).findByTestId('error-file')).toHaveTextContent('Elija el archivo que quiere subir');
    expect(api.calls('POST temary/subtheme/sheet/upload')).toHaveLength(0);

    choose(upload, pdf('notas.txt', 'text/plain'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    await waitFor(() => expect(within(upload).getByTestId('error-file')).toHaveTextContent('Solo se admiten fichas PDF, PNG o JPEG'));
    expect(within(upload).getByLabelText(/^Archivo/)).toHaveAttribute('aria-invalid', 'true');

    api.on('POST temary/subtheme/sheet/upload', writeError('REQ-102', 'El subtema no existe', { field: 'subtheme_id' }));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    expect(await within(upload).findByTestId('error-subtheme_id')).toHaveTextContent('El subtema no existe');
    expect(within(upload).queryByTestId('error-file')).not.toBeInTheDocument();

    api.on('POST temary/subtheme/sheet/upload', writeError('FILE-001', 'Máximo 50 MB'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    await waitFor(() => expect(within(upload).getByTestId('error-file')).toHaveTextContent('El archivo es demasiado grande: supera el tamaño máximo que se puede subir. (Máximo 50 MB)'));

    api.on('POST temary/subtheme/sheet/upload', writeError('size-100'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    await waitFor(() => expect(within(upload).getByTestId('error-file')).toHaveTextContent('No queda espacio: el archivo no cabe en el almacenamiento contratado por la autoescuela.'));

    api.on('POST temary/subtheme/sheet/upload', writeError('FILE-004'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    await waitFor(() => expect(within(upload).getByTestId('error-file')).toHaveTextContent('No ha llegado ningún archivo: elija uno y vuelva a intentarlo.'));

    // the subtheme deleted meanwhile: said above the form, and the subtheme read again
    api.on('POST temary/subtheme/sheet/upload', writeError('CONFLICT-000', 'Subtema está eliminado'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir ficha' }));
    const errors = await within(upload).findByTestId('sheet-upload-errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Subtema está eliminado', 'Se ha eliminado mientras lo tenía abierto: ya no se puede modificar.']);
    await waitFor(() => expect(reads(api)).toHaveLength(2));
    expect(api.calls('POST temary/subtheme/sheet/upload')).toHaveLength(6);
  });

  it('checks the file before sending it: refused by the check, nothing is sent and the reason shows under the file', async () => {
    const api = mediaHost({ 'GET temary/upload/check': readError('REQ-102', 'El archivo ocupa 80 MB y cada subida admite hasta 50 MB', { field: 'size' }) });
    restore = mockXhrUploads(api);
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findByTestId('view-title');
    const upload = form('Nuevo vídeo');
    choose(upload, new File(['x'], 'glorietas.mp4', { type: 'video/mp4' }));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir vídeo' }));
    expect(await within(upload).findByTestId('error-file')).toHaveTextContent('El archivo ocupa 80 MB y cada subida admite hasta 50 MB');
    const [check] = api.calls('GET temary/upload/check');
    expect(Object.fromEntries(check.query)).toEqual({ kind: 'video', name: 'glorietas.mp4', size: '1', content_type: 'video/mp4', subtheme_id: '32' });
    expect(api.calls('POST temary/subtheme/video/upload')).toHaveLength(0);

    // the storage full, said as the upload itself would
    api.on('GET temary/upload/check', readError('size-100', 'No queda espacio: el archivo ocupa 1 B y quedan 0 B de 1 GB contratados'));
    fireEvent.click(within(upload).getByRole('button', { name: 'Subir vídeo' }));
    await waitFor(() => expect(within(upload).getByTestId('error-file')).toHaveTextContent('No queda espacio: el archivo no cabe en el almacenamiento contratado por la autoescuela.'));
    expect(api.calls('POST temary/subtheme/video/upload')).toHaveLength(0);
  });

  it('moves a sheet up or down (sheet/orden with every sheet once, in the new order)', async () => {
    const api = mediaHost();
    renderModule('/temary/subtheme/create/32/21/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Bajar la ficha Ficha de peligro' }));
    await waitFor(() => expect(reads(api)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Subir la ficha Ficha de prioridad' }));
    await waitFor(() => expect(reads(api)).toHaveLength(3));
    expect(api.calls('POST temary/subtheme/sheet/orden').map(body)).toEqual([
      { subtheme_id: 32, ids: [52, 51, 53] },
      { subtheme_id: 32, ids: [51, 53, 52] },
    ]);

    api.on('POST temary/subtheme/sheet/orden', writeError('REQ-102', 'Indique todas las fichas del subtema, cada una una vez', { field: 'ids' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la ficha Ficha de peligro' }));
    expect(await screen.findByTestId('sheet-action-errors')).toHaveTextContent('Indique todas las fichas del subtema, cada una una vez');
  });

  it('deletes a sheet or a video once confirmed', async () => {
    const api = mediaHost();
    renderModule('/temary/subtheme/create/32/21/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la ficha Ficha de prohibición' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la ficha' });
    expect(dialog).toHaveTextContent('¿Eliminar la ficha «Ficha de prohibición»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST temary/subtheme/sheet/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la ficha Ficha de prohibición' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la ficha' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Ficha Ficha de prohibición eliminada')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/sheet/delete').map(body)).toEqual([{ id: 52 }]);
    await waitFor(() => expect(reads(api)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el vídeo Las señales en la carretera' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el vídeo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Vídeo Las señales en la carretera eliminado')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/video/delete').map(body)).toEqual([{ id: 61 }]);
    await waitFor(() => expect(reads(api)).toHaveLength(3));
  });

  it('are read only (still opened) when the subtheme, its theme or its syllabus is deleted', async () => {
    for (const deleted of [{ state: 'deleted' }, { theme: { id: 21, title: 'Las señales', position: 1, state: 'deleted' } }, { temary: { id: 5, name: 'Permiso B', state: 'deleted' } }]) {
      const api = mediaHost({ 'GET temary/subtheme/read/32': envelopeOk(subthemeDetail(deleted)) });
      const { unmount } = renderModule('/temary/subtheme/create/32/21/5', api);
      await screen.findByTestId('deleted-notice');
      expect(screen.getAllByTestId('sheet-title')).toHaveLength(3);
      expect(screen.getByRole('link', { name: 'Abrir la ficha Ficha de peligro' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Nueva ficha' })).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Nuevo vídeo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Bajar la ficha Ficha de peligro' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Eliminar la ficha Ficha de peligro' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Eliminar el vídeo Las señales en la carretera' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('a new subtheme (0) reads its theme and syllabus for where it goes, and offers no sheets or videos yet', async () => {
    const api = mockApi({ 'GET temary/theme/read/21': envelopeOk(themeDetail({ state: 'deleted' })), 'GET temary/read/5': envelopeOk(temary()) });
    renderModule('/temary/subtheme/create/0/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('El tema o el temario de este subtema está eliminado');
    expect(screen.queryByTestId('subtheme-sheets')).not.toBeInTheDocument();
    expect(screen.queryByTestId('subtheme-videos')).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET temary/read/5')).toHaveLength(1));
  });
});
