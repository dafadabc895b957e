import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, ImageUploader, UI_NAMESPACE, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';

/**
 * An image of the document manager for a record (a product's image, a category's thumbnail): the
 * kit's uploader (PNG or JPEG only, stored public: the web shop shows it), its preview, and
 * "Quitar imagen". Hands out the stored file's id, or null.
 */
export function ImageField({ ctx, field, label, folder, fileId, onChange }: { ctx: FormContext; field: string; label: string; folder: string; fileId: number | null; onChange(fileId: number | null): void }) {
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const session = useSession();
  // a new uploader after "Quitar imagen", so that it forgets the preview of what it uploaded
  const [generation, setGeneration] = useState(0);
  const id = fieldId(ctx.formId, field);
  return (
    <div className="vk-field products-image" role="group" aria-labelledby={`${id}-label`} id={id} data-testid={`image-${field}`}>
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {!ctx.disabled && (
        <ImageUploader key={generation} folder={folder} publicFile previewUrl={fileId ? fileReadUrl(fileId, session.store.getToken()) : null} onUploaded={(image) => onChange(image.file_id)} />
      )}
      {ctx.disabled && fileId && <img className="vk-uploader__preview" src={fileReadUrl(fileId, session.store.getToken())} alt={ui('upload.preview')} />}
      {fileId && !ctx.disabled && (
        <button
          type="button"
          className="vk-btn vk-btn--light products-image__remove"
          onClick={() => {
            onChange(null);
            setGeneration((g) => g + 1);
          }}
        >
          {ui('upload.remove')}
        </button>
      )}
      <FieldErrorMessage form={ctx.formId} field={field} error={ctx.errors.errors[field]} />
    </div>
  );
}
