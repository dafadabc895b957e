import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementsApi, StoredFile } from '../api';
import { ACCEPT, describedBy, useFileUpload } from './fileUpload';

/**
 * The agreement's template: the PDF (a link that opens it with the session's token), "Subir PDF"
 * (`POST agreement/file/upload` into the document manager's "Acuerdos", showing how much has gone
 * up; the `agreement` permission is enough) and "Quitar PDF". A file that is not a PDF is refused
 * here, or when the host finds an image in it; the host's refusal (`REQ-102` on `file`, a file
 * too large…) is shown at the field. Hands out the stored file.
 */
export function PdfField({
  ctx,
  api,
  label,
  fileId,
  fileName,
  onChange,
}: {
  ctx: FormContext;
  api: AgreementsApi;
  label: string;
  fileId: number | null;
  fileName: string | null;
  onChange(file: StoredFile | null): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const inputId = useId();
  const { percent, error: failed, upload } = useFileUpload(api, 'pdf', { wrongKind: (file) => t('pdf.notPdf', { name: file.name }), failed: t('pdf.uploadError') });
  const id = fieldId(ctx.formId, 'pdf_file_id');
  const error = ctx.errors.errors.pdf_file_id;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const stored = await upload(file);
    if (stored) onChange(stored);
  }

  return (
    <div className="vk-field vk-field--wide agreements-file" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="pdf">
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {fileId ? (
        <a href={fileReadUrl(fileId, session.store.getToken())} target="_blank" rel="noreferrer" data-testid="pdf-link">
          {fileName ?? t('pdf.open')}
        </a>
      ) : (
        <span className="muted" data-testid="pdf-none">
          {t('pdf.none')}
        </span>
      )}
      {!ctx.disabled && (
        <div className="agreements-inline">
          <label className="vk-btn vk-btn--outline" htmlFor={inputId}>
            {fileId ? t('pdf.replace') : t('pdf.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT.pdf}
            className="vk-visually-hidden"
            disabled={percent !== null}
            aria-label={t('pdf.upload')}
            aria-invalid={failed || error ? true : undefined}
            aria-describedby={describedBy(id, failed, error)}
            onChange={(e) => void choose(e)}
          />
          {fileId && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => onChange(null)}>
              {t('pdf.remove')}
            </button>
          )}
        </div>
      )}
      {percent !== null && (
        <div className="agreements-progress" role="status" aria-live="polite" data-testid="pdf-progress">
          <progress max={100} value={percent} aria-label={t('pdf.progressLabel')} />
          <span>{t('pdf.progress', { percent })}</span>
        </div>
      )}
      {failed && (
        <p className="vk-error" role="alert" id={`${id}-upload-error`} data-testid="pdf-failed">
          {failed}
        </p>
      )}
      <small className="muted">{t('pdf.hint')}</small>
      <FieldErrorMessage form={ctx.formId} field="pdf_file_id" error={error} />
    </div>
  );
}
