import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Coverage, GuidedApi } from '../api';
import { coverageTotals } from '../format';
import { classPath } from '../paths';

/**
 * How much of its book a group's classes cover (`GET clase/guiada/temary/list`): the totals
 * (subtheme count, covered, covered by a class already given) and the book's themes, each
 * subtheme with the classes that cover it (links to them, given ones in green) or "Sin clases".
 * Read again whenever `version` changes (the page's classes changed); busy while it reads.
 */
export function CoveragePanel({ api, groupId, bookName, version }: { api: GuidedApi; groupId: number; bookName: string; version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [coverage, setCoverage] = useState<Coverage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(null);
    api.books.coverage(groupId).then(
      (answer) => {
        if (!live) return;
        setCoverage(answer);
        setLoading(false);
      },
      (failure) => {
        if (!live) return;
        setFailed(errorList(failure)[0]?.details ?? '');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, groupId, version, retry]);

  const totals = coverage ? coverageTotals(coverage) : null;
  return (
    <section className="card" aria-labelledby="guided-coverage-title" aria-busy={loading} data-testid="coverage-panel">
      <h2 id="guided-coverage-title" className="card__title">
        {t('coverage.title', { book: coverage?.name || bookName })}
      </h2>
      {failed !== null || !coverage || !totals ? (
        <PageState error={failed} onRetry={() => setRetry((r) => r + 1)} />
      ) : (
        <>
          <p data-testid="coverage-totals" data-subthemes={totals.subthemes} data-covered={totals.covered} data-given={totals.given}>
            {t('coverage.totals', { covered: totals.covered, subthemes: totals.subthemes, given: totals.given })}
          </p>
          {coverage.themes.length === 0 ? (
            <p className="muted" data-testid="coverage-empty">
              {t('coverage.empty')}
            </p>
          ) : (
            <ol className="guided-outline">
              {coverage.themes.map((theme) => (
                <li key={theme.id} data-testid="coverage-theme" data-theme-id={theme.id}>
                  <h3 className="guided-outline__theme">{t('coverage.theme', { position: theme.position, title: theme.title })}</h3>
                  <ul className="guided-outline__subthemes">
                    {theme.subthemes.map((subtheme) => {
                      const given = subtheme.classes.some((c) => c.status === 'given');
                      return (
                        <li
                          key={subtheme.id}
                          className={`guided-outline__subtheme ${subtheme.classes.length ? 'is-covered' : ''} ${given ? 'is-given' : ''}`}
                          data-testid="coverage-subtheme"
                          data-subtheme-id={subtheme.id}
                          data-covered={subtheme.classes.length > 0}
                          data-given={given}
                        >
                          <span className="guided-outline__title" data-testid="coverage-subtheme-title">
                            {t('coverage.subtheme', { theme: theme.position, position: subtheme.position, title: subtheme.title })}
                          </span>
                          {subtheme.classes.length === 0 ? (
                            <span className="muted" data-testid="coverage-uncovered">
                              {t('coverage.uncovered')}
                            </span>
                          ) : (
                            <span className="guided-inline">
                              {subtheme.classes.map((c) => (
                                <Link
                                  key={c.id}
                                  to={classPath(c.id, groupId)}
                                  className={`vk-badge ${c.status === 'given' ? 'vk-badge--success' : ''}`}
                                  data-testid="coverage-class"
                                  data-status={c.status}
                                  title={t(`statuses.${c.status}`)}
                                >
                                  {t('coverage.class', { position: c.position, title: c.title })}
                                </Link>
                              ))}
                            </span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
