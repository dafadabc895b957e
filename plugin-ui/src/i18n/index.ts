import type { i18n as I18n } from 'i18next';
import es from './es.json';

/** The kit's i18n namespace (one namespace per plugin; the kit's is `ui`). */
export const UI_NAMESPACE = 'ui';

/** Spanish is the default and complete; the English catalogue is empty (spec general §1). */
export const uiResources = { es, en: {} } as const;

/** Register the kit's catalogue in the app's i18next instance. */
export function addUiTranslations(i18n: I18n): void {
  for (const [lng, bundle] of Object.entries(uiResources)) {
    i18n.addResourceBundle(lng, UI_NAMESPACE, bundle, true, false);
  }
}
