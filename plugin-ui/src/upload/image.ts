/** What `POST image/upload` answers (see host/src/files/image.rs). */
export interface UploadedImage {
  file_id: number;
  name: string;
  url: string;
  handle: string;
  width: number;
  height: number;
  size: number;
  content_type: string;
  public: boolean;
  folder_id: number | null;
  resizes: { file_id: number; name: string; url: string; handle: string; width: number; height: number; size: number }[];
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const EXTENSIONS = /\.(png|jpe?g)$/i;

/** PNG or JPEG, by type and name (the host checks the content too). */
export function isAcceptedImage(file: File): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && EXTENSIONS.test(file.name);
}

/** The expected size: a side of -1, 0 or absent means "any". */
export interface ExpectedSize {
  width?: number;
  height?: number;
}

const side = (n?: number) => (n && n > 0 ? n : undefined);

/** The i18n key and values of the FILESIZE message for an expected size. */
export function fileSizeMessage(expected: ExpectedSize): { key: string; values: Record<string, number> } {
  const w = side(expected.width);
  const h = side(expected.height);
  if (w && h) return { key: 'upload.FILESIZE', values: { width: w, height: h } };
  if (w) return { key: 'upload.FILESIZE_width', values: { width: w } };
  return { key: 'upload.FILESIZE_height', values: { height: h ?? 0 } };
}

/** Whether an image of `actual` size is what `expected` asks for (exactly, on each given side). */
export function sizeMatches(actual: { width: number; height: number }, expected: ExpectedSize): boolean {
  const w = side(expected.width);
  const h = side(expected.height);
  return (!w || actual.width === w) && (!h || actual.height === h);
}

/** The pixel size of an image file, read in the browser. */
export async function measureImage(file: File): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close?.();
    return size;
  }
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}
