import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, SearchPicker, errorList, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ProductsApi, StoredFile } from '../api';
import { MAX_FILES } from '../lists';
import { ChosenList } from './ChosenList';

export interface AttachedFile {
  id: number;
  name: string | null;
}

/**
 * The document manager's files that go with a product (`file_ids`, at most 20): each a link to
 * it with "Quitar"; another found by name (`GET filesystem/search`) or uploaded
 * (`POST filesystem/file/upload`). Both need the document manager's permission: without it the
 * host's refusal is shown.
 */
export function FilesField({ ctx, api, value, onChange }: { ctx: FormContext; api: ProductsApi; value: AttachedFile[]; onChange(value: AttachedFile[]): void }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const id = fieldId(ctx.formId, 'file_ids');
  const error = ctx.errors.errors.file_ids;
  const full = value.length >= MAX_FILES;
  const nameOf = (f: AttachedFile) => f.name || t('files.unnamed', { id: f.id });
  const add = (file: StoredFile) => onChange([...value.filter((f) => f.id !== file.file_id), { id: file.file_id, name: file.name }]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailed(null);
    setUploading(true);
    try {
      add(await api.files.upload(file));
    } catch (failure) {
      setFailed(errorList(failure)[0]?.details || t('files.uploadError'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="vk-field vk-field--wide products-group" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="files">
      <legend className="vk-label">{t('fields.file_ids')}</legend>
      <ChosenList<AttachedFile>
        items={value}
        itemKey={(f) => f.id}
        itemLabel={nameOf}
        render={(f) => (
          <a href={fileReadUrl(f.id, session.store.getToken())} target="_blank" rel="noreferrer">
            {nameOf(f)}
          </a>
        )}
        onRemove={(f) => onChange(value.filter((x) => x.id !== f.id))}
        empty={t('files.none')}
        label={t('fields.file_ids')}
        disabled={ctx.disabled}
        testId="files-chosen"
      />
      {!ctx.disabled &&
        (full ? (
          <small className="muted">{t('files.full', { max: MAX_FILES })}</small>
        ) : (
          <div className="products-files__add">
            <SearchPicker<StoredFile>
              label={t('files.search')}
              placeholder={t('files.search')}
              find={api.files.find}
              itemKey={(f) => f.file_id}
              itemLabel={(f) => f.name}
              itemDetail={(f) => f.path}
              taken={(f) => value.some((x) => x.id === f.file_id)}
              onChoose={add}
              testId="files-picker"
            />
            <label className="vk-btn vk-btn--outline" htmlFor={inputId}>
              {uploading ? t('files.uploading') : t('files.upload')}
            </label>
            <input id={inputId} type="file" className="vk-visually-hidden" disabled={uploading} aria-label={t('files.upload')} onChange={(e) => void upload(e)} />
            {failed && (
              <p className="vk-error" role="alert">
                {failed}
              </p>
            )}
          </div>
        ))}
      <FieldErrorMessage form={ctx.formId} field="file_ids" error={error} />
    </fieldset>
  );
}
