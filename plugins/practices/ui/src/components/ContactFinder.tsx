import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput, errorList } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FoundContact, PracticesApi } from '../api';

/**
 * The contacts plugin's finder (`GET contact/finder`, people only), as dgt's entry form uses it,
 * choosing one contact: the results, each with "Elegir".
 */
export function ContactFinder({ api, onChoose, disabled = false, testId = 'contact-finder' }: { api: PracticesApi; onChoose(contact: FoundContact): void; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [results, setResults] = useState<FoundContact[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // only the latest search's answer is shown
  const asked = useRef(0);

  async function search(text: string) {
    const mine = ++asked.current;
    setFailed(null);
    if (!text) {
      setResults(null);
      return;
    }
    try {
      const found = await api.contacts.find(text);
      if (mine === asked.current) setResults(found);
    } catch (failure) {
      if (mine !== asked.current) return;
      setResults(null);
      setFailed(errorList(failure)[0]?.details || t('finder.error'));
    }
  }

  return (
    <div className="practices-finder" data-testid={testId}>
      <SearchInput onSearch={(text) => void search(text)} placeholder={t('finder.search')} />
      {failed && (
        <p className="vk-error" role="alert">
          {failed}
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('finder.none')}</p>}
      {results && results.length > 0 && (
        <ul className="practices-results" aria-label={t('finder.results')}>
          {results.map((c) => (
            <li key={c.id}>
              <span>
                {c.display_name}
                {c.fiscal_code && <span className="muted"> · {c.fiscal_code}</span>}
              </span>
              <button
                type="button"
                className="vk-btn vk-btn--light"
                aria-label={t('finder.chooseNamed', { name: c.display_name })}
                disabled={disabled}
                onClick={() => {
                  onChoose(c);
                  setResults(null);
                }}
              >
                {t('finder.choose')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
