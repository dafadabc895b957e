import { useTranslation } from 'react-i18next';
import { useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FormativeApi } from '../api';

/**
 * The contents to choose from in a report (`GET formative/content/choices`, every live one by name),
 * as a select's options, and why they could not be read (null while read or once read).
 */
export function useContentChoices(api: FormativeApi) {
  const { t } = useTranslation(NAMESPACE);
  const loaded = useLoad(api.contents.choices);
  const options = (loaded.data ?? []).map((c) => ({ value: String(c.id), label: c.category ? t('reports.contentOption', { name: c.name, category: c.category }) : c.name }));
  const failed = loaded.failed === null ? null : loaded.failed ? t('reports.contentsFailedWhy', { reason: loaded.failed }) : t('reports.contentsFailed');
  return { options, failed, loading: loaded.data === null && loaded.failed === null, reload: loaded.reload };
}
