import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormMessages, NotesField, SubmitActions, indexedFieldErrors, useConfirm, useDraftForm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Language, QuestionDetail, Translation, ValkiriaApi } from '../api';
import { letter, messagesOf } from '../format';
import { MAX_EXPLANATION, MAX_STATEMENT, TRANSLATION_LANGUAGES } from '../lists';
import { AnswerInputs, blankAnswer } from './AnswerInputs';

const TRANSLATION_FIELDS = ['statement', 'answers', 'explanation'] as const;

/**
 * A question's translations, one row per language (ca, eu, gl, en, fr, de): translated or not,
 * "Traducir" / "Editar" (statement, as many answers as the question's, explanation; the Spanish
 * under each) and "Quitar" (asked first). Both send `question/translated/update`; `onChanged`
 * gets the question the host answers. A deleted question is read only.
 */
export function TranslationsPanel({ api, question, onChanged }: { api: ValkiriaApi; question: QuestionDetail; onChanged(question: QuestionDetail): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<Language | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const readOnly = question.state === 'deleted';

  async function remove(language: Language) {
    const named = { language: t(`languages.${language}`) };
    const ok = await confirm({ title: t('translations.remove.title'), message: t('translations.remove.question', named), confirmLabel: t('remove'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      onChanged(await api.questions.untranslate(question.id, language));
      toast.success(t('translations.remove.done', named));
    } catch (failure) {
      setFailures(messagesOf(failure));
    }
  }

  return (
    <section className="valkiria-translations" aria-label={t('translations.title')} data-testid="translations">
      <h3 className="valkiria-subtitle">{t('translations.title')}</h3>
      <ErrorList messages={failures} testId="translations-errors" />
      <ul className="valkiria-order">
        {TRANSLATION_LANGUAGES.map((language) => {
          const translation = question.translations?.[language];
          const name = t(`languages.${language}`);
          let content: ReactNode;
          if (editing === language) {
            content = (
              <TranslationForm
                key={language}
                question={question}
                translation={translation ?? null}
                label={t('translations.editNamed', { language: name })}
                onSubmit={async (body) => {
                  const saved = await api.questions.translate(question.id, language, body);
                  toast.success(t('translations.saved', { language: name }));
                  setEditing(null);
                  onChanged(saved);
                }}
                extra={
                  <button type="button" className="vk-btn vk-btn--light" data-testid="translation-cancel" onClick={() => setEditing(null)}>
                    {t('cancel')}
                  </button>
                }
              />
            );
          } else {
            content = (
              <div className="valkiria-order__row">
                <div className="valkiria-order__main">
                  <strong>{name}</strong>
                  {translation ? <span data-testid="translation-statement">{translation.statement}</span> : <span className="muted">{t('translations.missing')}</span>}
                </div>
                {!readOnly && (
                  <div className="valkiria-actions">
                    <button
                      type="button"
                      className="vk-btn vk-btn--light"
                      aria-label={t(translation ? 'translations.editNamed' : 'translations.addNamed', { language: name })}
                      data-testid="translation-edit"
                      onClick={() => {
                        setFailures([]);
                        setEditing(language);
                      }}
                    >
                      {t(translation ? 'edit' : 'translations.add')}
                    </button>
                    {translation && (
                      <button type="button" className="vk-btn vk-btn--light" aria-label={t('translations.removeNamed', { language: name })} data-testid="translation-remove" onClick={() => void remove(language)}>
                        {t('remove')}
                      </button>
                    )}
                  </div>
                )}
              </div>
            );
          }
          return (
            <li key={language} className="valkiria-order__item" data-testid="translation" data-language={language} data-translated={translation ? 'true' : 'false'}>
              {content}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One language's text: the statement (required), each answer (none empty) and the explanation. */
function TranslationForm({
  question,
  translation,
  label,
  onSubmit,
  extra,
}: {
  question: QuestionDetail;
  translation: Translation | null;
  label: string;
  onSubmit(body: Translation): Promise<unknown>;
  extra: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const count = question.answers.length;
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<Translation, Translation>(
    () => ({
      statement: translation?.statement ?? '',
      answers: Array.from({ length: count }, (_, i) => translation?.answers?.[i] ?? ''),
      explanation: translation?.explanation ?? '',
    }),
    {
      fields: TRANSLATION_FIELDS,
      toBody: (d) => (d.statement.trim() ? { statement: d.statement.trim(), answers: d.answers.map((a) => a.trim()), explanation: d.explanation.trim() } : null),
      required: 'statement',
      validate: (d) => ({ answers: blankAnswer(d.answers, t('question.blankAnswer')) }),
      onSubmit,
      fallback: t('saveError'),
      explain: (failure) => indexedFieldErrors(failure, 'answers', (i) => t('question.answerN', { letter: letter(i) })),
    },
  );
  return (
    <form className="vk-form valkiria-form" noValidate aria-label={label} aria-busy={busy} data-testid="translation-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="translation-form-errors" />
      <NotesField ctx={ctx} field="statement" label={t('fields.statement')} maxLength={MAX_STATEMENT} value={draft.statement} onChange={(statement) => set({ statement })} />
      <p className="muted valkiria-original">{question.statement}</p>
      <AnswerInputs ctx={ctx} answers={draft.answers} onChange={(answers) => set({ answers })} originals={question.answers} />
      <NotesField ctx={ctx} field="explanation" label={t('fields.explanation')} maxLength={MAX_EXPLANATION} value={draft.explanation} onChange={(explanation) => set({ explanation })} />
      <SubmitActions busy={busy} label={t('save')}>
        {extra}
      </SubmitActions>
    </form>
  );
}
