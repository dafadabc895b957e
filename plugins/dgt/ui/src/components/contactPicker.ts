import { useTranslation } from 'react-i18next';
import type { SearchPickerProps } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { DgtApi, FoundContact } from '../api';

/** What a contact picker takes besides `onChoose`, `disabled` and `taken`. */
export type ContactPickerProps = Omit<SearchPickerProps<FoundContact>, 'onChoose' | 'disabled' | 'taken'>;

/**
 * The kit's `SearchPicker` on the contacts plugin's finder (`GET contact/finder`, people only),
 * with dgt's wording ("Elegir a …"; "ya está en la carpeta" after a contact `taken` marks).
 */
export function useContactPicker(api: DgtApi): ContactPickerProps {
  const { t } = useTranslation(NAMESPACE);
  return {
    find: api.contacts.find,
    itemKey: (c) => c.id,
    itemLabel: (c) => c.display_name,
    itemDetail: (c) => c.fiscal_code,
    placeholder: t('finder.search'),
    testId: 'contact-finder',
    texts: { results: t('finder.results'), none: t('finder.none'), taken: t('finder.already'), chooseNamed: (name) => t('finder.chooseNamed', { name }) },
  };
}
