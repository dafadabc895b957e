import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageState, searchQuery, useLoad, useSearch } from '@volante/plugin-ui';
import type { ProviderCalls } from './api';
import { businessViewPath } from './paths';
import type { FinderMatch, FoundSchool, SchoolSearch } from './types';
import './finder.css';

/** How long after the last key the finder asks the host. */
export const FINDER_DEBOUNCE_MS = 350;

/** What matched, in words: "Titular", "Código DGT", "Usuario"… (an unknown field as it came). */
export function matchLabel(t: TFunction, match: Pick<FinderMatch, 'kind' | 'field'>): string {
  switch (`${match.kind}.${match.field}`) {
    case 'business.name':
      return t('provider.finder.match.business.name');
    case 'business.fiscal_name':
      return t('provider.finder.match.business.fiscal_name');
    case 'business.fiscal_code':
      return t('provider.finder.match.business.fiscal_code');
    case 'business.email':
      return t('provider.finder.match.business.email');
    case 'business.phone':
      return t('provider.finder.match.business.phone');
    case 'business.city':
      return t('provider.finder.match.business.city');
    case 'business.postal_code':
      return t('provider.finder.match.business.postal_code');
    case 'branch.trade_name':
      return t('provider.finder.match.branch.trade_name');
    case 'branch.city':
      return t('provider.finder.match.branch.city');
    case 'branch.email':
      return t('provider.finder.match.branch.email');
    case 'branch.phone':
      return t('provider.finder.match.branch.phone');
    case 'branch.dgt_code':
      return t('provider.finder.match.branch.dgt_code');
    case 'branch.holder':
      return t('provider.finder.match.branch.holder');
    case 'branch.holder_document':
      return t('provider.finder.match.branch.holder_document');
    case 'branch.director':
      return t('provider.finder.match.branch.director');
    case 'branch.director_document':
      return t('provider.finder.match.branch.director_document');
    case 'user.email':
      return t('provider.finder.match.user.email');
    case 'user.name':
      return t('provider.finder.match.user.name');
    default:
      return match.field;
  }
}

/**
 * The provider's school finder, over the business list: one search box over everything a school
 * is known by on a support call (`buscador/autoescuelas`: its names, tax code, contact details,
 * its branches' trade names, towns, DGT codes, holders and directors, its users' names and
 * e-mails; accents and case ignored). From 2 characters, after a pause in the typing (or at once
 * with Enter), the schools found replace the list: each one's name opening its page, its tax code
 * and town, and what matched ("Titular: José Núñez Peña"); and how many there are. Below 2
 * characters the list (`children`) is back as it was.
 */
export function SchoolFinder({ calls, children }: { calls: ProviderCalls; children: ReactNode }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const search = useSearch({ onSearch: setQuery, debounceMs: FINDER_DEBOUNCE_MS });
  // What is typed is long enough to search: the results show (the list is kept, hidden).
  const active = !!searchQuery(search.value);
  const asked = active && query !== '';
  const load = useCallback(() => calls.finder.search(query).then((answer) => ({ query, answer })), [calls, query]);
  const found = useLoad(load, asked);
  const answer = found.data?.query === query ? found.data.answer : null;

  return (
    <div className="school-finder">
      <section className="card school-finder__box" role="search" aria-label={t('provider.finder.title')}>
        <label className="vk-label" htmlFor={inputId}>
          {t('provider.finder.label')}
        </label>
        <input
          type="search"
          id={inputId}
          className="vk-input vk-search"
          value={search.value}
          onChange={search.onChange}
          onKeyDown={search.onKeyDown}
          placeholder={t('provider.finder.placeholder')}
          title={t('provider.finder.hint')}
          autoComplete="off"
        />
        {active && (
          <div className="school-finder__results" aria-live="polite" data-testid="finder-results">
            {answer ? <Results search={query} answer={answer} /> : <PageState error={asked ? found.failed : null} onRetry={found.reload} />}
          </div>
        )}
      </section>
      <div hidden={active}>{children}</div>
    </div>
  );
}

function Results({ search, answer }: { search: string; answer: SchoolSearch }) {
  const { t } = useTranslation();
  const schools = answer.schools ?? [];
  const total = answer.total ?? schools.length;
  if (schools.length === 0) {
    return (
      <p className="muted" data-testid="finder-total">
        {t('provider.finder.none', { search })}
      </p>
    );
  }
  return (
    <>
      <p className="school-finder__total" data-testid="finder-total">
        {total > schools.length ? t('provider.finder.totalSome', { count: total, shown: schools.length }) : t('provider.finder.total', { count: total })}
      </p>
      <ul className="school-finder__list" aria-label={t('provider.finder.results')}>
        {schools.map((school) => (
          <FoundItem key={school.business_id} school={school} />
        ))}
      </ul>
    </>
  );
}

function FoundItem({ school }: { school: FoundSchool }) {
  const { t } = useTranslation();
  const facts = [school.fiscal_code ? t('provider.finder.fiscalCode', { code: school.fiscal_code }) : '', school.city].filter(Boolean);
  return (
    <li className="school-finder__school" data-testid="finder-school">
      <div className="school-finder__head">
        <Link to={businessViewPath(school.business_id)}>{school.name}</Link>
        {school.status && school.status !== 'active' && <span className="vk-badge vk-badge--warning">{t(`provider.status.${school.status}`, { defaultValue: school.status })}</span>}
        {facts.length > 0 && <span className="muted">{facts.join(' · ')}</span>}
      </div>
      {(school.matches ?? []).length > 0 && (
        <ul className="school-finder__matches" aria-label={t('provider.finder.matches', { name: school.name })}>
          {school.matches.map((match, i) => (
            <li key={`${match.kind}-${match.field}-${match.id}-${i}`} data-kind={match.kind} data-field={match.field}>
              <span className="muted">{t('provider.finder.matchLine', { label: matchLabel(t, match) })}</span> {match.value}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
