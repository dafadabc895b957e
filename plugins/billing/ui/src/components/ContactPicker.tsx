import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput, errorList, useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type FoundContact } from '../api';

export interface PickedContact {
  id: number;
  name: string;
  taxCode: string;
  email?: string;
}

export interface ContactPickerProps {
  value: PickedContact | null;
  onChange(contact: PickedContact | null): void;
  disabled?: boolean;
  /** Shown under the picker (a server error about the contact). */
  error?: string;
}

/**
 * Chooses a contact with the contacts plugin's finder (`GET contact/finder?search=`, from 2
 * characters): the chosen contact shows with a "change" button; the search lists up to ten.
 */
export function ContactPicker({ value, onChange, disabled, error }: ContactPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const [results, setResults] = useState<FoundContact[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(!value);

  async function search(text: string) {
    setFailure(null);
    if (!text) {
      setResults(null);
      return;
    }
    try {
      setResults(await api.contacts.find(text));
    } catch (e) {
      setResults(null);
      setFailure(errorList(e)[0]?.details || t('contact.findError'));
    }
  }

  return (
    <div className="billing-contact" data-testid="contact-picker">
      {value && !searching ? (
        <div className="billing-contact__chosen">
          <div>
            <strong data-testid="contact-chosen">{value.name || t('contact.noName')}</strong>
            {value.taxCode && <span className="muted"> · {value.taxCode}</span>}
          </div>
          {!disabled && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => setSearching(true)}>
              {t('contact.change')}
            </button>
          )}
        </div>
      ) : (
        <div className="billing-contact__search">
          <SearchInput onSearch={(text) => void search(text)} placeholder={t('contact.search')} />
          {failure && (
            <p className="vk-error" role="alert">
              {failure}
            </p>
          )}
          {results && results.length === 0 && <p className="muted">{t('contact.none')}</p>}
          {results && results.length > 0 && (
            <ul className="billing-contact__results" aria-label={t('contact.results')}>
              {results.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="vk-btn vk-btn--light"
                    onClick={() => {
                      onChange({ id: c.id, name: c.display_name, taxCode: c.fiscal_code, email: c.email });
                      setSearching(false);
                      setResults(null);
                    }}
                  >
                    {c.display_name}
                    {c.fiscal_code && <span className="muted"> · {c.fiscal_code}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {value && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => setSearching(false)}>
              {t('contact.keep', { name: value.name })}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="vk-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
