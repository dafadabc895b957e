import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from './i18n';
import type { Agreement, AgreementsApi } from './api';

/**
 * Deleting an agreement, from the list or its view: asked first, saying its pending requests are
 * cancelled (their links stop working) and the signed ones stay; then how many were cancelled.
 * `remove` answers whether it was deleted; a refusal is in `failures` (the host's messages).
 */
export function useRemoveAgreement(api: AgreementsApi) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [failures, setFailures] = useState<string[]>([]);

  async function remove(agreement: Agreement): Promise<boolean> {
    const ok = await confirm({
      title: t('delete.title'),
      message: t('delete.question', { name: agreement.name, count: agreement.requested }),
      confirmLabel: t('delete.action'),
      tone: 'danger',
    });
    if (!ok) return false;
    setFailures([]);
    try {
      const deleted = await api.agreements.remove(agreement.id);
      toast.success(t('delete.done', { name: agreement.name, count: deleted.requests_cancelled ?? 0 }));
      return true;
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code || t('actionError')));
      return false;
    }
  }

  return { remove, failures };
}
