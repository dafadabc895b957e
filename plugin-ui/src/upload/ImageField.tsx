import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { FieldErrorMessage, fieldId } from '../form/fields';
import type { FormContext } from '../form/inputs';
import { ImageUploader } from './ImageUploader';
import { useFileReadUrl } from './fileUrl';

export interface ImageFieldProps {
  ctx: FormContext;
  field: string;
  label: string;
  /** Document-manager folder the image is stored in, e.g. `productos/imagenes`. */
  folder: string;
  /** The stored image's id, or null. */
  fileId: number | null;
  onChange(fileId: number | null): void;
  /** Stored as public (readable without a session: the web shop or the site shows it). Default true. */
  publicFile?: boolean;
}

/**
 * A record's image in a form (a product's image, a category's thumbnail, a post's header): the
 * kit's uploader (PNG or JPEG only), its preview and "Quitar imagen", with the field's error under
 * it; read only (the preview alone) while the form is disabled. Hands out the stored file's id, or
 * null.
 */
export function ImageField({ ctx, field, label, folder, fileId, onChange, publicFile = true }: ImageFieldProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const fileUrl = useFileReadUrl();
  // a new uploader after "Quitar imagen", so that it forgets the preview of what it uploaded
  const [generation, setGeneration] = useState(0);
  const id = fieldId(ctx.formId, field);
  return (
    <div className="vk-field vk-image-field" role="group" aria-labelledby={`${id}-label`} id={id} data-testid={`image-${field}`}>
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {ctx.disabled ? (
        fileId ? <img className="vk-uploader__preview" src={fileUrl(fileId)} alt={t('upload.preview')} /> : null
      ) : (
        <>
          <ImageUploader key={generation} folder={folder} publicFile={publicFile} previewUrl={fileId ? fileUrl(fileId) : null} onUploaded={(image) => onChange(image.file_id)} />
          {fileId ? (
            <button
              type="button"
              className="vk-btn vk-btn--light vk-image-field__remove"
              onClick={() => {
                onChange(null);
                setGeneration((g) => g + 1);
              }}
            >
              {t('upload.remove')}
            </button>
          ) : null}
        </>
      )}
      <FieldErrorMessage form={ctx.formId} field={field} error={ctx.errors.errors[field]} />
    </div>
  );
}
