import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Doubt, DoubtQuestionView } from '../api';
import { blockName, letter } from '../format';
import { doubtPath } from '../paths';
import { AnsweredBadge, ReadBadge } from './Badges';

/**
 * A doubt's question as the student saw it (`GET duda/cuestion/read`): in the doubt's language
 * when translated (said so), in Spanish otherwise; the answers with the student's and the right
 * one marked, and its explanation.
 */
export function DoubtQuestionCard({ doubt, view }: { doubt: Doubt; view: DoubtQuestionView }) {
  const { t } = useTranslation(NAMESPACE);
  const chosen = view.chosen !== undefined ? view.chosen : doubt.chosen;
  const language = view.language ?? doubt.language ?? 'es';
  const reference = view.reference ?? doubt.question?.reference ?? '';
  const block = blockName(doubt.question?.block);
  return (
    <section className="card" aria-labelledby="valkiria-doubt-question-title" data-testid="doubt-question" data-question-id={view.id ?? doubt.question_id}>
      <h2 id="valkiria-doubt-question-title" className="card__title">
        {t('doubt.questionTitle', { reference })}
      </h2>
      {doubt.question && (
        <p className="muted" data-testid="doubt-question-block">
          {block ? t('question.inBlock', { block, licence: doubt.question.licence }) : t('licenceNamed', { licence: doubt.question.licence })}
        </p>
      )}
      {language !== 'es' && (
        <p className={`vk-badge ${view.translated ? '' : 'vk-badge--warning'}`} data-testid="doubt-language" data-translated={view.translated === true} data-language={language}>
          {t(view.translated ? 'doubt.translated' : 'doubt.untranslated', { language: t(`languages.${language}`, { defaultValue: language }) })}
        </p>
      )}
      <p className="valkiria-question-card__statement" data-testid="doubt-question-statement">
        {view.statement}
      </p>
      <ul className="valkiria-options">
        {view.answers.map((answer, i) => {
          const isChosen = chosen === i;
          const isCorrect = view.correct === i;
          return (
            <li
              key={i}
              className={['valkiria-option', isCorrect ? 'is-correct' : '', isChosen && !isCorrect ? 'is-wrong' : ''].filter(Boolean).join(' ')}
              data-testid="doubt-option"
              data-chosen={isChosen}
              data-correct={isCorrect}
            >
              <span className="valkiria-option__letter">{letter(i)})</span>
              <span>{answer}</span>
              {isChosen && <span className={`vk-badge ${isCorrect ? 'vk-badge--success' : 'vk-badge--danger'}`}>{t('doubt.chosen')}</span>}
              {isCorrect && <span className="vk-badge vk-badge--success">{t('correction.correct')}</span>}
            </li>
          );
        })}
      </ul>
      {chosen === null && doubt.attempt_id !== null && doubt.attempt_id !== undefined && (
        <p className="vk-badge vk-badge--warning" data-testid="doubt-blank">
          {t('doubt.blank')}
        </p>
      )}
      {view.explanation && (
        <p className="valkiria-corrected__explanation" data-testid="doubt-explanation">
          <strong>{t('fields.explanation')}:</strong> {view.explanation}
        </p>
      )}
    </section>
  );
}

/** The other live doubts on the same question (`duda/cuestion/read`'s `doubts`), each opening its own. */
export function OtherDoubts({ doubt, view }: { doubt: Doubt; view: DoubtQuestionView }) {
  const { t } = useTranslation(NAMESPACE);
  const others = (view.doubts ?? []).filter((d) => d.id !== doubt.id);
  return (
    <section className="card" aria-labelledby="valkiria-doubt-others-title" data-testid="doubt-others">
      <h2 id="valkiria-doubt-others-title" className="card__title">
        {t('doubt.others.title')}
      </h2>
      {others.length === 0 ? (
        <p className="muted" data-testid="doubt-others-empty">
          {t('doubt.others.empty')}
        </p>
      ) : (
        <ul className="valkiria-order">
          {others.map((o) => (
            <li key={o.id} className="valkiria-order__item" data-testid="doubt-other" data-doubt-id={o.id}>
              <div className="valkiria-order__row">
                <span className="valkiria-order__main">
                  <Link to={doubtPath(o.id)} data-testid="doubt-other-open">
                    {t('doubt.others.by', { name: o.student_name, date: formatDateTime(o.created_at) })}
                  </Link>
                  <span data-testid="doubt-other-text">{o.text}</span>
                  {o.answer && (
                    <span className="muted" data-testid="doubt-other-answer">
                      {t('doubt.others.answer', { answer: o.answer })}
                    </span>
                  )}
                </span>
                <span className="valkiria-inline">
                  <ReadBadge read={o.read === true} />
                  <AnsweredBadge answered={Boolean(o.answer)} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
