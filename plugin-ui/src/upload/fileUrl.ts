import { useCallback } from 'react';
import { API_BASE } from '../api/client';
import { useSession } from '../session/SessionContext';

/**
 * The URL that shows a stored file of the document manager by its id (an image's preview, a
 * document's link): `GET filesystem/file/read?file_id=`, with the session's token in the query,
 * since an `<img>` or a link sends no header (files not public need it).
 */
export function fileReadUrl(fileId: number, token: string | null, baseUrl: string = API_BASE): string {
  return `${baseUrl.replace(/\/+$/, '')}/filesystem/file/read?file_id=${fileId}&token=${encodeURIComponent(token ?? '')}`;
}

/** `fileReadUrl` as the staff see a stored file: the session's token (read when called) in the address. */
export function useFileReadUrl(): (fileId: number) => string {
  const { store } = useSession();
  return useCallback((fileId: number) => fileReadUrl(fileId, store.getToken()), [store]);
}
