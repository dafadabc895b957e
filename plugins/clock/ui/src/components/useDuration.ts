import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** Minutes as the Spanish text of a worked time: `7 h 50 min`, `2 h`, `45 min`, `0 min`. */
export function useDuration(): (minutes: number | null | undefined) => string {
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    (minutes) => {
      const total = Math.max(0, Math.round(minutes ?? 0));
      const hours = Math.floor(total / 60);
      const rest = total % 60;
      if (hours === 0) return t('duration.minutes', { minutes: rest });
      if (rest === 0) return t('duration.hours', { hours });
      return t('duration.hoursMinutes', { hours, minutes: rest });
    },
    [t],
  );
}
