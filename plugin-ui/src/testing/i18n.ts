import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addUiTranslations } from '../i18n';

/** An i18next instance with the kit's catalogue, Spanish, ready synchronously. */
export function createTestI18n(extra: Record<string, Record<string, unknown>> = {}): I18n {
  const i18n = createInstance();
  i18n.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    resources: { es: extra },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addUiTranslations(i18n);
  return i18n;
}
