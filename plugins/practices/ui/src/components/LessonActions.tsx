import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Lesson } from '../api';
import { QUICK_STATUSES, type QuickStatus } from '../lists';
import { today } from '../format';

/**
 * A scheduled lesson's quick actions: "Dada", "No presentado" (not offered for a future day: the
 * host refuses them) and "Anular". Each button names the lesson for screen readers.
 */
export function LessonActions({ lesson, label, onStatus, disabled }: { lesson: Lesson; label: string; onStatus(status: QuickStatus): void; disabled?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  if (lesson.status !== 'scheduled') return null;
  const future = lesson.date > today();
  return (
    <>
      {QUICK_STATUSES.filter((s) => s === 'cancelled' || !future).map((status) => (
        <button
          key={status}
          type="button"
          className="vk-btn vk-btn--light"
          disabled={disabled}
          aria-label={t(`lessons.actions.${status}Named`, { lesson: label })}
          onClick={() => onStatus(status)}
        >
          {t(`lessons.actions.${status}`)}
        </button>
      ))}
    </>
  );
}
