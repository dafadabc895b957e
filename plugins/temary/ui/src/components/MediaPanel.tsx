import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  Field,
  FieldErrorMessage,
  FormActions,
  FormMessages,
  InputField,
  NotesField,
  errorList,
  fileReadUrl,
  formatBytes,
  namedField,
  useConfirm,
  useFieldErrors,
  useSession,
  useToast,
  type ApiErrorItem,
  type FormContext,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Media, MediaKind, SubthemeDetail, TemaryApi } from '../api';
import { useExplain } from '../actions';
import { isConflict, messages } from '../format';
import { MAX_MEDIA_DESCRIPTION, MAX_TITLE } from '../lists';
import { OrderedList } from './OrderedList';

/** What each kind takes (README "Sheets and videos"; the host checks the content too). */
export const MEDIA_ACCEPT: Record<MediaKind, string> = {
  sheet: 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg',
  video: 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.webm,.ogg,.ogv,.mov',
};

/** The fields of an upload the host names in its refusals. */
export const MEDIA_FIELDS = ['file', 'subtheme_id', 'title', 'description'] as const;

/** The host's own refusals of a file (docs/plugins.md "Upload routes"): too large, over the quota, none. */
export const FILE_ERRORS = ['FILE-001', 'size-100', 'FILE-004'] as const;

/** A host error's field: the one it names, and the file for the host's file refusals. */
function mediaField(item: ApiErrorItem): string | undefined {
  const field = namedField(item);
  // The upload check's refusals of the file itself (its size, its kind) go under the file.
  if (field === 'size' || field === 'kind') return 'file';
  return field ?? ((FILE_ERRORS as readonly string[]).includes(item.code) ? 'file' : undefined);
}

/**
 * A subtheme's sheets or videos in order: each with its title (a link that opens the file), its
 * size and description. Unless read only: delete (asked first), sheets move up or down
 * (`sheet/orden` with every sheet's id in the new order), and an upload form (the file, an
 * optional title and description) that shows how much has gone up. `onChanged` reads the
 * subtheme again after every write.
 */
export function MediaPanel({ kind, api, subtheme, readOnly, onChanged }: { kind: MediaKind; api: TemaryApi; subtheme: SubthemeDetail; readOnly: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const explain = useExplain();
  const session = useSession();
  const calls = kind === 'sheet' ? api.sheets : api.videos;
  const items = (kind === 'sheet' ? subtheme.sheets : subtheme.videos) ?? [];
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // bumped after an upload: the form starts empty again
  const [uploaded, setUploaded] = useState(0);

  const refused = useCallback(
    (failure: unknown) => {
      setErrors(messages(explain(failure)));
      if (isConflict(failure)) onChanged();
    },
    [explain, onChanged],
  );

  /** A sheet to `position`: every sheet's id, in the new order. */
  async function move(item: Media, position: number) {
    const ids = items.map((i) => i.id).filter((id) => id !== item.id);
    ids.splice(position - 1, 0, item.id);
    setErrors([]);
    setBusy(true);
    try {
      await api.sheets.order(subtheme.id, ids);
      onChanged();
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: Media) {
    const ok = await confirm({
      title: t(`${kind}.delete.title`),
      message: t(`${kind}.delete.question`, { title: item.title }),
      confirmLabel: t('delete'),
      tone: 'danger',
    });
    if (!ok) return;
    setErrors([]);
    setBusy(true);
    try {
      await calls.remove(item.id);
      toast.success(t(`${kind}.delete.done`, { title: item.title }));
      onChanged();
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  }

  const token = session.store.getToken();
  return (
    <section className="card temary-section" aria-labelledby={`temary-${kind}s-title`} data-testid={`subtheme-${kind}s`}>
      <h2 id={`temary-${kind}s-title`} className="card__title">
        {t(`${kind}.title`)}
      </h2>
      <ErrorList messages={errors} testId={`${kind}-action-errors`} />
      <OrderedList<Media>
        kind={kind}
        items={items}
        label={t(`${kind}.list`)}
        readOnly={readOnly}
        movable={kind === 'sheet'}
        busy={busy}
        onMove={(item, position) => void move(item, position)}
        onDelete={(item) => void remove(item)}
        testId={kind}
        title={(item) => (
          <a href={fileReadUrl(item.file_id, token)} target="_blank" rel="noreferrer" aria-label={t(`${kind}.openNamed`, { title: item.title })} data-testid={`${kind}-title`}>
            {item.title}
          </a>
        )}
        detail={(item) => (
          <>
            <span className="muted" data-testid={`${kind}-size`}>
              {formatBytes(item.size)}
            </span>
            {item.description && (
              <p className="temary-text" data-testid={`${kind}-description`}>
                {item.description}
              </p>
            )}
          </>
        )}
      />
      {!readOnly && (
        <MediaUploadForm
          key={uploaded}
          kind={kind}
          onUpload={async (fields, onProgress) => {
            const record = await calls.upload({ subtheme_id: subtheme.id, ...fields }, onProgress);
            toast.success(t(`${kind}.uploaded`, { title: record.title }));
            setUploaded((n) => n + 1);
            onChanged();
          }}
          onRefused={(failure) => isConflict(failure) && onChanged()}
        />
      )}
    </section>
  );
}

/** The upload form of a sheet or a video: its errors under their field, the host's others above. */
function MediaUploadForm({
  kind,
  onUpload,
  onRefused,
}: {
  kind: MediaKind;
  onUpload(fields: { file: File; title?: string; description?: string }, onProgress: (progress: { percent: number }) => void): Promise<unknown>;
  onRefused(failure: unknown): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const explain = useExplain();
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const errors = useFieldErrors(formId, MEDIA_FIELDS, { fieldOf: mediaField });
  const busy = percent !== null;
  const ctx: FormContext = { formId, errors, disabled: busy };

  /** The host's file refusals said in full, with the host's own words after. */
  const clear = (failure: unknown): ApiErrorItem[] =>
    explain(failure).map((item) => {
      if (!(FILE_ERRORS as readonly string[]).includes(item.code)) return item;
      const text = t(`media.errors.${item.code}`);
      return { ...item, details: item.details ? t('media.errors.withDetails', { text, details: item.details }) : text };
    });

  async function submit() {
    errors.reset();
    if (!file) {
      errors.setErrors({ file: t('media.fileRequired') });
      return;
    }
    setPercent(0);
    try {
      await onUpload({ file, title: title.trim() || undefined, description: description.trim() || undefined }, (p) => setPercent(p.percent));
    } catch (failure) {
      errors.fail(clear(errorList(failure)), t('actionError'));
      onRefused(failure);
    } finally {
      setPercent(null);
    }
  }

  const testId = `${kind}-upload`;
  return (
    <div className="temary-create" data-testid={testId}>
      <h3 className="temary-subtitle">{t(`${kind}.addTitle`)}</h3>
      <form
        className="vk-form temary-form"
        aria-label={t(`${kind}.addTitle`)}
        aria-busy={busy}
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
      >
        <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
        <FieldErrorMessage form={formId} field="subtheme_id" error={errors.errors.subtheme_id} />
        <div className="vk-form__grid">
          <Field form={formId} field="file" label={t('media.file')} error={errors.errors.file} required hint={t(`${kind}.types`)} className="vk-field--wide">
            <input
              className="vk-input"
              type="file"
              accept={MEDIA_ACCEPT[kind]}
              {...errors.control('file')}
              disabled={busy}
              onChange={(ev) => setFile(ev.target.files?.[0] ?? null)}
            />
          </Field>
          <InputField ctx={ctx} field="title" label={t('fields.title')} hint={t('media.titleHint')} value={title} maxLength={MAX_TITLE} onChange={setTitle} />
          <NotesField ctx={ctx} field="description" label={t('fields.description')} value={description} maxLength={MAX_MEDIA_DESCRIPTION} onChange={setDescription} />
        </div>
        {percent !== null && (
          <div className="temary-progress" role="status" aria-live="polite" data-testid={`${kind}-progress`}>
            <progress max={100} value={percent} aria-label={t('media.progressLabel', { name: file?.name ?? '' })} />
            <span>{t('media.progress', { percent })}</span>
          </div>
        )}
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {t(`${kind}.add`)}
          </button>
        </FormActions>
      </form>
    </div>
  );
}
