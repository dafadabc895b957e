import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementsApi } from '../api';
import { ACCEPT, describedBy, useFileUpload } from './fileUpload';

/**
 * The agreement's cover: its preview (with the session's token; the signing page shows it through
 * the link), "Subir imagen" (PNG or JPEG, `POST agreement/file/upload` into the document
 * manager's "Acuerdos", showing how much has gone up) and "Quitar imagen". Another file is
 * refused here, or when the host finds no image in it; the host's refusal (`REQ-102` on `file`…)
 * is shown at the field. Hands out the stored file's id, or null.
 */
export function CoverField({ ctx, api, label, fileId, onChange }: { ctx: FormContext; api: AgreementsApi; label: string; fileId: number | null; onChange(fileId: number | null): void }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const inputId = useId();
  const { percent, error: failed, upload } = useFileUpload(api, 'image', { wrongKind: (file) => t('cover.notImage', { name: file.name }), failed: t('cover.uploadError') });
  const id = fieldId(ctx.formId, 'cover_file_id');
  const error = ctx.errors.errors.cover_file_id;
  const preview = fileId ? fileReadUrl(fileId, session.store.getToken()) : null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const stored = await upload(file);
    if (stored) onChange(stored.file_id);
  }

  return (
    <div className="vk-field agreements-file" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="cover">
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {preview ? (
        <img className="vk-uploader__preview" src={preview} alt={t('cover.preview')} data-testid="cover-preview" />
      ) : (
        <span className="muted" data-testid="cover-none">
          {t('cover.none')}
        </span>
      )}
      {!ctx.disabled && (
        <div className="agreements-inline">
          <label className="vk-btn vk-btn--outline" htmlFor={inputId}>
            {fileId ? t('cover.replace') : t('cover.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT.image}
            className="vk-visually-hidden"
            disabled={percent !== null}
            aria-label={t('cover.upload')}
            aria-invalid={failed || error ? true : undefined}
            aria-describedby={describedBy(id, failed, error)}
            onChange={(e) => void choose(e)}
          />
          {fileId && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => onChange(null)}>
              {t('cover.remove')}
            </button>
          )}
        </div>
      )}
      {percent !== null && (
        <div className="agreements-progress" role="status" aria-live="polite" data-testid="cover-progress">
          <progress max={100} value={percent} aria-label={t('cover.progressLabel')} />
          <span>{t('cover.progress', { percent })}</span>
        </div>
      )}
      {failed && (
        <p className="vk-error" role="alert" id={`${id}-upload-error`} data-testid="cover-failed">
          {failed}
        </p>
      )}
      {!ctx.disabled && <small className="muted">{t('cover.hint')}</small>}
      <FieldErrorMessage form={ctx.formId} field="cover_file_id" error={error} />
    </div>
  );
}
