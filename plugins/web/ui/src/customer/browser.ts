/**
 * Where the customer area sends the browser out of the app's router: a full address (the
 * school's online tests, on the same Volante host, open at their own page). An object so tests
 * can replace `assign` (jsdom cannot navigate).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Whether an address the host answered is a web page the browser may be sent to (http or https). */
export function isWebAddress(url: unknown): url is string {
  if (typeof url !== 'string' || !url) return false;
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
