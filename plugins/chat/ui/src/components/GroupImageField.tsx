import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, errorList, fieldId, fileReadUrl, isAcceptedImage, namedField, useSession, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ChatApi } from '../api';
import { IMAGE_ACCEPT } from '../lists';

/** The host's own refusals of a file (docs/plugins.md "Upload routes"): too large, over the quota, none. */
const FILE_ERRORS: readonly string[] = ['FILE-001', 'size-100', 'FILE-004'];

/** The message of a refused upload: the host's error about the file, else its first, else `fallback`. */
export function uploadMessage(failure: unknown, fallback: string): string {
  const items = errorList(failure);
  const aboutFile = items.find((item) => namedField(item) === 'file' || FILE_ERRORS.includes(item.code));
  return (aboutFile ?? items[0])?.details || fallback;
}

/**
 * A group's image: its preview (with the session's token), "Subir imagen" (PNG or JPEG, through
 * `POST chat/group/image/upload`, showing how much has gone up) and "Quitar imagen". Another
 * file is refused here; the host's refusal is shown at the field. Hands out the stored file's
 * id, or null.
 */
export function GroupImageField({ ctx, api, fileId, onChange }: { ctx: FormContext; api: ChatApi; fileId: number | null; onChange(fileId: number | null): void }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const inputId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const id = fieldId(ctx.formId, 'image_file_id');
  const error = ctx.errors.errors.image_file_id;
  const preview = fileId ? fileReadUrl(fileId, session.store.getToken()) : null;
  const described = [failed ? `${id}-upload-error` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailed(null);
    if (!isAcceptedImage(file)) {
      setFailed(t('image.notImage', { name: file.name }));
      return;
    }
    setPercent(0);
    try {
      const stored = await api.groups.uploadImage(file, (p) => setPercent(p.percent));
      onChange(stored.file_id);
    } catch (failure) {
      setFailed(uploadMessage(failure, t('image.uploadError')));
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="vk-field chat-image-field" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="group-image">
      <span className="vk-label" id={`${id}-label`}>
        {t('groups.form.image')}
      </span>
      {preview ? (
        <img className="chat-avatar chat-avatar--large" src={preview} alt={t('image.preview')} data-testid="group-image-preview" />
      ) : (
        <span className="muted">{t('image.none')}</span>
      )}
      {!ctx.disabled && (
        <div className="chat-inline">
          <label className="vk-btn vk-btn--outline" htmlFor={inputId}>
            {fileId ? t('image.replace') : t('image.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="vk-visually-hidden"
            disabled={percent !== null}
            aria-label={t('image.upload')}
            aria-invalid={failed || error ? true : undefined}
            aria-describedby={described}
            onChange={(e) => void choose(e)}
          />
          {fileId && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => onChange(null)}>
              {t('image.remove')}
            </button>
          )}
        </div>
      )}
      {percent !== null && (
        <div className="chat-progress" role="status" aria-live="polite" data-testid="group-image-progress">
          <progress max={100} value={percent} aria-label={t('image.progressLabel')} />
          <span>{t('image.progress', { percent })}</span>
        </div>
      )}
      {failed && (
        <p className="vk-error" role="alert" id={`${id}-upload-error`} data-testid="group-image-failed">
          {failed}
        </p>
      )}
      {!ctx.disabled && <small className="muted">{t('image.hint')}</small>}
      <FieldErrorMessage form={ctx.formId} field="image_file_id" error={error} />
    </div>
  );
}
