import es from './es.json';

/** The plugin's i18n namespace (one per plugin). Spanish is complete; English is empty. */
export const NAMESPACE = 'formative';
export const resources = { es, en: {} };
