import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

const TONE: Record<string, string> = {
  active: 'success',
  inactive: 'warning',
  deleted: 'danger',
  pending: 'warning',
  billed: 'success',
  draft: 'warning',
  issued: 'success',
  voided: 'danger',
  paid: 'success',
};

/** A document's, series' or tax's state as a coloured badge. */
export function StateBadge({ state, testId = 'doc-state' }: { state: string; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge vk-badge--${TONE[state] ?? 'warning'}`} data-testid={testId} data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}
