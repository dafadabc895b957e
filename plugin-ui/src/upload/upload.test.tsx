import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/ApiContext';
import { ImageUploader } from './ImageUploader';
import { fileSizeMessage, isAcceptedImage, sizeMatches } from './image';
import { createTestI18n } from '../testing/i18n';
import { envelopeOk, mockApi, writeError } from '../testing/mockApi';

const png = (name = 'foto.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

const uploaded = (name: string) => ({ file_id: 7, name, url: `/api/filesystem/file/read/abc${name}`, handle: 'abc', width: 200, height: 200, size: 4, content_type: 'image/png', public: false, folder_id: 3, resizes: [] });

function setup(props: Partial<Parameters<typeof ImageUploader>[0]> = {}, api = mockApi({ 'POST image/upload': (req) => envelopeOk(uploaded(((req.body as FormData).get('file') as File).name)) })) {
  api.store.signIn('t', 'super');
  const onUploaded = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ApiProvider client={api.client}>
        <ImageUploader folder="contactos/avatares" resizes={['128x128']} onUploaded={onUploaded} measure={async () => ({ width: 200, height: 200 })} {...props} />
      </ApiProvider>
    </I18nextProvider>,
  );
  const input = screen.getByLabelText('Subir imagen') as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { api, onUploaded, choose };
}

describe('image rules', () => {
  it('accepts PNG and JPEG only, and checks exact sizes', () => {
    expect(isAcceptedImage(png())).toBe(true);
    expect(isAcceptedImage(png('a.jpeg', 'image/jpeg'))).toBe(true);
    expect(isAcceptedImage(png('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptedImage(png('a.png', 'image/webp'))).toBe(false);
    expect(sizeMatches({ width: 200, height: 100 }, { width: 200, height: -1 })).toBe(true);
    expect(sizeMatches({ width: 200, height: 100 }, { width: 200, height: 200 })).toBe(false);
    expect(fileSizeMessage({ width: 200, height: 200 })).toEqual({ key: 'upload.FILESIZE', values: { width: 200, height: 200 } });
    expect(fileSizeMessage({ height: 50 })).toEqual({ key: 'upload.FILESIZE_height', values: { height: 50 } });
  });
});

describe('<ImageUploader>', () => {
  it('posts the multipart form (public, folder, resizes, file) and reports the upload', async () => {
    const { api, onUploaded, choose } = setup({ expected: { width: 200, height: 200 } });
    choose(png());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    const form = api.calls('POST image/upload')[0].body as FormData;
    expect(form.get('public')).toBe('false');
    expect(form.get('folder')).toBe('contactos/avatares');
    expect(form.get('resizes')).toBe('["128x128"]');
    expect(form.get('width')).toBe('200');
    expect((form.get('file') as File).name).toBe('foto.png');
    expect(api.calls('POST image/upload')[0].headers.authorization).toBe('Token t');
    expect(api.calls('POST image/upload')[0].headers['content-type']).toBeUndefined();
    expect(await screen.findByTestId('upload-done')).toHaveTextContent('1 imagen subida');
    expect(screen.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', '/api/filesystem/file/read/abcfoto.png');
  });

  it('refuses another type or a wrong size before uploading (FILESIZE message) and counts the errors', async () => {
    const { api, onUploaded, choose } = setup({ multiple: true, expected: { width: 128, height: 128 } });
    choose(png('a.gif', 'image/gif'), png('b.png'));
    expect(await screen.findByTestId('upload-errors')).toHaveTextContent('2 errores');
    expect(screen.getByText('a.gif: Solo se admiten imágenes PNG o JPEG')).toBeInTheDocument();
    expect(screen.getByText('b.png: La imagen debe medir 128x128 píxeles')).toBeInTheDocument();
    expect(api.calls('POST image/upload')).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('shows progress "current of total" and the host FILESIZE refusal', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'POST image/upload': async (req) => {
        const file = (req.body as FormData).get('file') as File;
        if (file.name === 'b.png') return writeError('FILESIZE', 'La imagen debe medir 300x300 píxeles', { width: 300, height: 300, actual: { width: 200, height: 200 } });
        await gate;
        return envelopeOk(uploaded(file.name));
      },
    });
    const { choose, onUploaded } = setup({ multiple: true }, api);
    choose(png('a.png'), png('b.png'), png('c.jpg', 'image/jpeg'));
    expect(await screen.findByTestId('upload-progress')).toHaveTextContent('Subiendo 1 de 3');
    release();
    await waitFor(() => expect(screen.getByTestId('upload-done')).toHaveTextContent('2 imágenes subidas'));
    expect(screen.getByTestId('upload-errors')).toHaveTextContent('1 error');
    expect(screen.getByText('b.png: La imagen debe medir 300x300 píxeles')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });
});
