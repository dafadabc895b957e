/**
 * Files the host answers inside the JSON envelope (`{filename, content_type, base64}` for a PDF,
 * text for XML), handed to the browser as a download.
 */

/** The bytes of base64 text. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Make the browser save `data` as `filename` (an object URL on a temporary link). */
export function saveFile(filename: string, contentType: string, data: BlobPart): void {
  const url = URL.createObjectURL(new Blob([data], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A file answered as `{filename, content_type, base64}` (e.g. a PDF). */
export interface Base64File {
  filename: string;
  content_type: string;
  base64: string;
}

export function saveBase64File(file: Base64File): void {
  saveFile(file.filename, file.content_type, base64ToBytes(file.base64) as BlobPart);
}
