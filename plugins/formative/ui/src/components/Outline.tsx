import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { ContentSyllabus } from '../api';
import type { SyllabusNamer } from './ContentForm';

/**
 * A content's outline as its students study it: its syllabi in order, each with its themes and
 * their subthemes, the lessons, numbered across the whole content. A syllabus deleted since is
 * named so, without lessons.
 */
export function Outline({ syllabi, nameOf }: { syllabi: ContentSyllabus[]; nameOf: SyllabusNamer }) {
  const { t } = useTranslation(NAMESPACE);
  let lesson = 0;
  if (syllabi.length === 0) {
    return (
      <p className="muted" data-testid="outline-empty">
        {t('outline.empty')}
      </p>
    );
  }
  return (
    <ol className="formative-outline" aria-label={t('outline.title')} data-testid="outline">
      {syllabi.map((s) => {
        const deleted = s.state === 'deleted';
        return (
          <li key={s.id} className="formative-outline__syllabus" data-testid="outline-syllabus">
            <h4 className="formative-outline__name">{nameOf(s)}</h4>
            {deleted ? (
              <p className="vk-alert vk-alert--danger" role="status" data-testid="outline-deleted">
                {t('outline.deleted')}
              </p>
            ) : s.themes.length === 0 ? (
              <p className="muted">{t('outline.noThemes')}</p>
            ) : (
              <ol className="formative-outline__themes">
                {s.themes.map((theme) => (
                  <li key={theme.id} data-testid="outline-theme">
                    <span className="formative-outline__theme">{theme.title}</span>
                    {theme.subthemes.length === 0 ? (
                      <p className="muted">{t('outline.noLessons')}</p>
                    ) : (
                      <ul className="formative-outline__lessons">
                        {theme.subthemes.map((sub) => {
                          lesson += 1;
                          return (
                            <li key={sub.id} data-testid="outline-lesson">
                              {t('outline.lesson', { number: lesson, title: sub.title })}
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </li>
        );
      })}
    </ol>
  );
}
