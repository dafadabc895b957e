import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { useApi } from '../api/ApiContext';
import { errorList } from '../api/errors';
import { fileSizeMessage, isAcceptedImage, measureImage, sizeMatches, type ExpectedSize, type UploadedImage } from './image';

export interface ImageUploaderProps {
  /** Document-manager folder path (created as needed), e.g. `contactos/avatares`. */
  folder: string;
  /** Stored as public (readable without a session, for the storefront). Default false. */
  publicFile?: boolean;
  /** Resized copies, `WxH` (both sides: cropped to fill) or `W`/`xH`. */
  resizes?: string[];
  /** Exact size the image must have (checked here before uploading, and by the host: FILESIZE). */
  expected?: ExpectedSize;
  /** File name to store (default the chosen file's). */
  name?: string;
  multiple?: boolean;
  /** Current image to preview (a URL). */
  previewUrl?: string | null;
  /** The button's text (default "Seleccionar imagen"). */
  label?: string;
  onUploaded(image: UploadedImage): void;
  /** Reads an image's pixel size (tests pass their own). */
  measure?(file: File): Promise<{ width: number; height: number }>;
}

interface Progress {
  current: number;
  total: number;
  done: number;
  errors: string[];
}

/**
 * Image upload to `POST image/upload` (multipart: public, folder, name, resizes, width, height,
 * file). PNG and JPEG only; with an expected size the image is measured first and refused with
 * the FILESIZE message unless it matches exactly. Shows "Subiendo n de total", then how many went
 * up and how many errors, with each error's message.
 */
export function ImageUploader({ folder, publicFile = false, resizes = [], expected, name, multiple = false, previewUrl, label, onUploaded, measure = measureImage }: ImageUploaderProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const api = useApi();
  const id = useId();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const busy = !!progress && progress.current <= progress.total && progress.done + progress.errors.length < progress.total;

  async function uploadOne(file: File): Promise<UploadedImage> {
    if (!isAcceptedImage(file)) throw new Error(t('upload.types'));
    if (expected && (expected.width || expected.height)) {
      let size: { width: number; height: number };
      try {
        size = await measure(file);
      } catch {
        throw new Error(t('upload.types'));
      }
      if (!sizeMatches(size, expected)) {
        const m = fileSizeMessage(expected);
        throw new Error(t(m.key, m.values));
      }
    }
    const form = new FormData();
    form.append('public', publicFile ? 'true' : 'false');
    form.append('folder', folder);
    if (name) form.append('name', name);
    if (resizes.length) form.append('resizes', JSON.stringify(resizes));
    if (expected?.width) form.append('width', String(expected.width));
    if (expected?.height) form.append('height', String(expected.height));
    form.append('file', file, file.name);
    try {
      return await api.upload<UploadedImage>('image/upload', form);
    } catch (failure) {
      const first = errorList(failure)[0];
      if (first?.code === 'FILESIZE') {
        const data = (first.data ?? {}) as ExpectedSize;
        const m = fileSizeMessage({ width: data.width ?? expected?.width, height: data.height ?? expected?.height });
        throw new Error(t(m.key, m.values));
      }
      throw new Error(first?.details || t('upload.failed'));
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!files.length) return;
    const state: Progress = { current: 0, total: files.length, done: 0, errors: [] };
    for (const file of files) {
      state.current += 1;
      setProgress({ ...state });
      try {
        const image = await uploadOne(file);
        state.done += 1;
        if (!multiple) setPreview(`${image.url}`);
        onUploaded(image);
      } catch (error) {
        state.errors = [...state.errors, `${file.name}: ${(error as Error).message}`];
      }
      setProgress({ ...state });
    }
  }

  const shownPreview = preview ?? previewUrl;
  return (
    <div className="vk-uploader" data-testid="image-uploader">
      {shownPreview && <img className="vk-uploader__preview" src={shownPreview} alt={t('upload.preview')} />}
      <label className="vk-btn vk-btn--outline" htmlFor={id}>
        {label ?? t('upload.choose')}
      </label>
      <input
        id={id}
        type="file"
        className="vk-visually-hidden"
        accept="image/png,image/jpeg"
        multiple={multiple}
        disabled={busy}
        aria-label={label ?? t('upload.label')}
        onChange={(e) => void choose(e)}
      />
      {progress && (
        <div className="vk-uploader__status" role="status" aria-live="polite">
          {busy ? (
            <span data-testid="upload-progress">{t('upload.progress', { current: progress.current, total: progress.total })}</span>
          ) : (
            <>
              {progress.done > 0 && <span data-testid="upload-done">{t('upload.done', { count: progress.done })}</span>}
              {progress.errors.length > 0 && (
                <span className="vk-error" data-testid="upload-errors">
                  {' '}
                  {t('upload.errors', { count: progress.errors.length })}
                </span>
              )}
            </>
          )}
          {progress.errors.length > 0 && (
            <ul className="vk-uploader__errors">
              {progress.errors.map((text, i) => (
                <li key={i} className="vk-error">
                  {text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
