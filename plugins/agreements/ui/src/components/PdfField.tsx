import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, errorList, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementsApi, StoredFile } from '../api';

/** What the file input takes. */
export const PDF_ACCEPT = 'application/pdf,.pdf';

/** Whether a chosen file is a PDF (its type or its name says so, as the host checks). */
export const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/**
 * The agreement's template: the PDF (a link that opens it with the session's token), "Subir PDF"
 * (`POST filesystem/file/upload`, showing how much has gone up; it needs the document manager's
 * permission, and the host's refusal is shown) and "Quitar PDF". Hands out the stored file.
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
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const id = fieldId(ctx.formId, 'pdf_file_id');
  const error = ctx.errors.errors.pdf_file_id;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailed(null);
    if (!isPdf(file)) {
      setFailed(t('pdf.notPdf', { name: file.name }));
      return;
    }
    setPercent(0);
    try {
      onChange(await api.files.upload(file, (p) => setPercent(p.percent)));
    } catch (failure) {
      setFailed(errorList(failure)[0]?.details || t('pdf.uploadError'));
    } finally {
      setPercent(null);
    }
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
          <input id={inputId} type="file" accept={PDF_ACCEPT} className="vk-visually-hidden" disabled={percent !== null} aria-label={t('pdf.upload')} onChange={(e) => void upload(e)} />
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
        <p className="vk-error" role="alert" data-testid="pdf-failed">
          {failed}
        </p>
      )}
      <small className="muted">{t('pdf.hint')}</small>
      <FieldErrorMessage form={ctx.formId} field="pdf_file_id" error={error} />
    </div>
  );
}
