import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addUiTranslations } from '@volante/plugin-ui';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../config';
import es from './es.json';

/** The shell's namespace; plugins add their own (one namespace per plugin). */
export const SHELL_NAMESPACE = 'shell';
const LANGUAGE_KEY = 'volante.lang';

/** Spanish is the default and complete; English is empty (spec general §1) and falls back to it. */
export const shellResources = { es, en: {} };

export function storedLanguage(): Language {
  try {
    const lang = localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function createI18n(lng: Language = storedLanguage()): I18n {
  const i18n = createInstance();
  i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { es: { [SHELL_NAMESPACE]: shellResources.es }, en: { [SHELL_NAMESPACE]: shellResources.en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addUiTranslations(i18n);
  i18n.on('languageChanged', (lang) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, lang);
    } catch {
      // not kept across visits then
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  });
  return i18n;
}
