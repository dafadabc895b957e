import { useState } from 'react';
import { errorList, isAcceptedImage, namedField } from '@volante/plugin-ui';
import type { AgreementsApi, FileKind, StoredFile } from '../api';

/** What the file inputs take: the template, and the cover. */
export const ACCEPT: Record<FileKind, string> = {
  pdf: 'application/pdf,.pdf',
  image: 'image/png,image/jpeg,.png,.jpg,.jpeg',
};

/** Whether a chosen file is a PDF (its type or its name says so, as the host checks). */
export const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** Whether a chosen file may be of `kind` (the host looks at its content too: `kind` in its answer). */
export const accepts = (kind: FileKind, file: File) => (kind === 'pdf' ? isPdf(file) : isAcceptedImage(file));

/** The host's own refusals of a file (docs/plugins.md "Upload routes"): too large, over the quota, none. */
export const FILE_ERRORS: readonly string[] = ['FILE-001', 'size-100', 'FILE-004'];

/**
 * The message of a refused upload, shown at the field: the host's error about the file
 * (`REQ-102` on `file`, or one of its own file refusals), else its first one, else `fallback`.
 */
export function uploadMessage(failure: unknown, fallback: string): string {
  const items = errorList(failure);
  const aboutFile = items.find((item) => namedField(item) === 'file' || FILE_ERRORS.includes(item.code));
  return (aboutFile ?? items[0])?.details || fallback;
}

/**
 * A file of `kind` up to `agreement/file/upload`: refused here when its type or name is not of
 * that kind (`wrongKind`), and when the host found another kind in it; the progress while it goes
 * up (`percent`, null when idle), and the refusal (`error`, for the field). `upload` answers the
 * stored file, or null when it was refused.
 */
export function useFileUpload(api: AgreementsApi, kind: FileKind, messages: { wrongKind(file: File): string; failed: string }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File): Promise<StoredFile | null> {
    setError(null);
    if (!accepts(kind, file)) {
      setError(messages.wrongKind(file));
      return null;
    }
    setPercent(0);
    try {
      const stored = await api.files.upload(file, kind, (p) => setPercent(p.percent));
      if (stored.kind !== kind) {
        setError(messages.wrongKind(file));
        return null;
      }
      return stored;
    } catch (failure) {
      setError(uploadMessage(failure, messages.failed));
      return null;
    } finally {
      setPercent(null);
    }
  }

  return { percent, error, upload, clearError: () => setError(null) };
}

/** The ids that describe a file input: its upload's refusal and the form's error, when shown. */
export function describedBy(id: string, uploadError: string | null, formError: string | undefined): string | undefined {
  const ids = [uploadError ? `${id}-upload-error` : null, formError ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
