/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const agreementListPath = () => '/agreement/list';
/** `0`: a new agreement. */
export const agreementViewPath = (id: number) => `/agreement/view/${id}`;
/** The public signing page's full address (what the signer is given). */
export const signingUrl = (path: string, origin: string = globalThis.location?.origin ?? '') => `${origin}${path}`;
