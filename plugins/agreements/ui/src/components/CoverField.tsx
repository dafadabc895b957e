import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, ImageUploader, UI_NAMESPACE, fieldId, fileReadUrl, useSession, type FormContext } from '@volante/plugin-ui';
import { COVER_FOLDER } from '../lists';

/**
 * The agreement's cover: the kit's uploader (PNG or JPEG, `image/upload` into the document
 * manager's "Acuerdos"; the signing page shows it through the link), its preview, and "Quitar
 * imagen". Hands out the stored file's id, or null.
 */
export function CoverField({ ctx, label, fileId, onChange }: { ctx: FormContext; label: string; fileId: number | null; onChange(fileId: number | null): void }) {
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const session = useSession();
  // a new uploader after "Quitar imagen", so that it forgets the preview of what it uploaded
  const [generation, setGeneration] = useState(0);
  const id = fieldId(ctx.formId, 'cover_file_id');
  const preview = fileId ? fileReadUrl(fileId, session.store.getToken()) : null;
  return (
    <div className="vk-field agreements-file" role="group" aria-labelledby={`${id}-label`} id={id} data-testid="cover">
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {ctx.disabled ? (
        preview && <img className="vk-uploader__preview" src={preview} alt={ui('upload.preview')} />
      ) : (
        <ImageUploader key={generation} folder={COVER_FOLDER} previewUrl={preview} onUploaded={(image) => onChange(image.file_id)} />
      )}
      {fileId && !ctx.disabled && (
        <button
          type="button"
          className="vk-btn vk-btn--light"
          onClick={() => {
            onChange(null);
            setGeneration((g) => g + 1);
          }}
        >
          {ui('upload.remove')}
        </button>
      )}
      <FieldErrorMessage form={ctx.formId} field="cover_file_id" error={ctx.errors.errors.cover_file_id} />
    </div>
  );
}
