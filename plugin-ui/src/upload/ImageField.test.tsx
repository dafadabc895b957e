import { useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/ApiContext';
import { SessionProvider } from '../session/SessionContext';
import { useFieldErrors } from '../form/fields';
import type { FormContext } from '../form/inputs';
import { ImageField } from './ImageField';
import { createTestI18n } from '../testing/i18n';
import { envelopeOk, mockApi } from '../testing/mockApi';

const png = (name = 'foto.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

const uploaded = (name: string) => ({ file_id: 7, name, url: `/api/filesystem/file/read/abc${name}`, handle: 'abc', width: 200, height: 200, size: 4, content_type: 'image/png', public: true, folder_id: 3, resizes: [] });

/** A form holding the image's id as its draft, as the plugins' forms do. */
function Form({ initial, disabled, publicFile, onChange }: { initial: number | null; disabled: boolean; publicFile?: boolean; onChange(fileId: number | null): void }) {
  const formId = useId();
  const errors = useFieldErrors(formId, ['image_file_id']);
  const [fileId, setFileId] = useState(initial);
  const ctx: FormContext = { formId, errors, disabled };
  return (
    <form aria-label="Ficha">
      <ImageField
        ctx={ctx}
        field="image_file_id"
        label="Imagen"
        folder="productos/imagenes"
        fileId={fileId}
        publicFile={publicFile}
        onChange={(id) => {
          setFileId(id);
          onChange(id);
        }}
      />
      <button type="button" onClick={() => errors.fail([{ code: 'REQ-102', data: { field: 'image_file_id' }, details: 'La imagen no existe' }], '')}>
        fail
      </button>
    </form>
  );
}

function setup({ initial = null, disabled = false, publicFile }: { initial?: number | null; disabled?: boolean; publicFile?: boolean } = {}) {
  const api = mockApi({ 'POST image/upload': (req) => envelopeOk(uploaded(((req.body as FormData).get('file') as File).name)) });
  api.store.signIn('t', 'super');
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <SessionProvider store={api.store}>
        <ApiProvider client={api.client}>
          <Form initial={initial} disabled={disabled} publicFile={publicFile} onChange={onChange} />
        </ApiProvider>
      </SessionProvider>
    </I18nextProvider>,
  );
  const group = screen.getByRole('group', { name: 'Imagen' });
  return { api, onChange, group };
}

describe('<ImageField>', () => {
  it("previews the stored image with the session's token, and shows the field's error", () => {
    const { group } = setup({ initial: 50 });
    expect(group).toHaveAttribute('data-testid', 'image-image_file_id');
    expect(group).toHaveClass('vk-field', 'vk-image-field');
    expect(within(group).getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', '/api/filesystem/file/read?file_id=50&token=t');
    expect(within(group).getByLabelText('Subir imagen')).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Quitar imagen' })).toHaveClass('vk-image-field__remove');
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(within(group).getByTestId('error-image_file_id')).toHaveTextContent('La imagen no existe');
  });

  it('uploads the image as public to its folder and hands out its id; "Quitar imagen" hands out null and forgets the preview', async () => {
    const { api, onChange, group } = setup();
    expect(within(group).queryByRole('img')).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Quitar imagen' })).not.toBeInTheDocument();
    fireEvent.change(within(group).getByLabelText('Subir imagen'), { target: { files: [png()] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7));
    const form = api.calls('POST image/upload')[0].body as FormData;
    expect([form.get('public'), form.get('folder')]).toEqual(['true', 'productos/imagenes']);
    expect(within(group).getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', '/api/filesystem/file/read/abcfoto.png');

    fireEvent.click(within(group).getByRole('button', { name: 'Quitar imagen' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(within(group).queryByRole('img')).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Quitar imagen' })).not.toBeInTheDocument();
    expect(within(group).getByLabelText('Subir imagen')).toBeInTheDocument();
  });

  it('stores it private when told so', async () => {
    const { api, onChange, group } = setup({ publicFile: false });
    fireEvent.change(within(group).getByLabelText('Subir imagen'), { target: { files: [png()] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7));
    expect((api.calls('POST image/upload')[0].body as FormData).get('public')).toBe('false');
  });

  it('while the form is disabled shows only the preview (or nothing)', () => {
    const { group } = setup({ initial: 50, disabled: true });
    expect(within(group).getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', '/api/filesystem/file/read?file_id=50&token=t');
    expect(within(group).queryByLabelText('Subir imagen')).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Quitar imagen' })).not.toBeInTheDocument();
    expect(within(group).queryByTestId('image-uploader')).not.toBeInTheDocument();
  });

  it('disabled without an image shows its label alone', () => {
    const { group } = setup({ disabled: true });
    expect(within(group).queryByRole('img')).not.toBeInTheDocument();
    expect(within(group).queryByTestId('image-uploader')).not.toBeInTheDocument();
    expect(group).toHaveTextContent(/^Imagen$/);
  });
});
