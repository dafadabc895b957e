import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { SyllabusNamer } from './ContentForm';

/**
 * A content's syllabus by its name; one deleted since (the host answers it as `{id, state:
 * "deleted", themes: []}`, without a name) as "Temario 7 (eliminado)".
 */
export function useSyllabusName(): SyllabusNamer {
  const { t } = useTranslation(NAMESPACE);
  return useCallback<SyllabusNamer>(
    (s) => {
      if (s.state === 'deleted') return s.name ? t('syllabi.deletedNamed', { name: s.name }) : t('syllabi.deletedName', { id: s.id });
      return s.name || t('syllabi.unnamed', { id: s.id });
    },
    [t],
  );
}
