import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, ImageUploader, fieldId, useFileReadUrl, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { BLOG_FOLDER, MAX_BLOG_GALLERY } from '../lists';

/**
 * A post's gallery: its images in order, each with "Quitar", and the kit's uploader (several at a
 * time, stored public) while there is room (at most 20). `onAdd` is called once per image
 * uploaded: the caller appends it to the draft it holds (not to the `fileIds` drawn).
 */
export function GalleryField({ ctx, field, label, hint, fileIds, onAdd, onRemove }: { ctx: FormContext; field: string; label: string; hint: string; fileIds: number[]; onAdd(fileId: number): void; onRemove(index: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const fileUrl = useFileReadUrl();
  const id = fieldId(ctx.formId, field);
  const full = fileIds.length >= MAX_BLOG_GALLERY;
  return (
    <div className="vk-field vk-field--wide web-image" role="group" aria-labelledby={`${id}-label`} id={id} data-testid={`image-${field}`}>
      <span className="vk-label" id={`${id}-label`}>
        {label}
      </span>
      {fileIds.length > 0 ? (
        <ul className="web-gallery" data-testid="gallery-images">
          {fileIds.map((fileId, i) => (
            <li key={`${fileId}-${i}`} className="web-gallery__item">
              <img className="web-gallery__image" src={fileUrl(fileId)} alt={t('blog.editor.galleryImage', { n: i + 1 })} />
              {!ctx.disabled && (
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('blog.editor.removeImageNamed', { n: i + 1 })} onClick={() => onRemove(i)}>
                  {t('blog.editor.removeImage')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted web-hint">{t('blog.editor.galleryEmpty')}</p>
      )}
      {!ctx.disabled &&
        (full ? (
          <p className="muted web-hint" data-testid="gallery-full">
            {t('blog.editor.galleryFull', { max: MAX_BLOG_GALLERY })}
          </p>
        ) : (
          <ImageUploader folder={BLOG_FOLDER} publicFile multiple label={t('blog.editor.addImages')} onUploaded={(image) => onAdd(image.file_id)} />
        ))}
      <small className="muted">{hint}</small>
      <FieldErrorMessage form={ctx.formId} field={field} error={ctx.errors.errors[field]} />
    </div>
  );
}
