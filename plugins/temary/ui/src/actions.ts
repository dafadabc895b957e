/**
 * What the screens do to records besides their forms: a syllabus copied or deleted, and a child
 * of the tree (theme, subtheme, section) moved up or down or deleted. Each asks first where it
 * cannot be undone, says what it did, and holds a refusal's messages for an `<ErrorList>`.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm, useToast, type ApiErrorItem } from '@volante/plugin-ui';
import { NAMESPACE } from './i18n';
import type { ChildCalls, ChildFields, Positioned, TemaryApi, TemaryDetail, TemaryRow } from './api';
import type { ChildKind } from './lists';
import { explain, isConflict, messages } from './format';

/** A refusal's errors, with what a `CONFLICT-000` means here (the record was deleted meanwhile). */
export function useExplain(): (failure: unknown) => ApiErrorItem[] {
  const { t } = useTranslation(NAMESPACE);
  return useCallback((failure: unknown) => explain(failure, t('errors.conflict')), [t]);
}

/** "Copiar" and "Eliminar" a syllabus, on the list and on the syllabus. */
export function useTemaryActions(api: TemaryApi) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const explainIt = useExplain();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  /** `temary/clon`: the copy (to open), or null when refused. */
  const clone = useCallback(
    async (temary: Pick<TemaryRow, 'id' | 'name'>): Promise<TemaryDetail | null> => {
      setErrors([]);
      setBusy(true);
      try {
        const copy = await api.temaries.clone(temary.id);
        toast.success(t('clone.done', { name: copy.name }));
        return copy;
      } catch (failure) {
        setErrors(messages(explainIt(failure)));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api, toast, t, explainIt],
  );

  /** `temary/delete` once confirmed; true when done. */
  const remove = useCallback(
    async (temary: Pick<TemaryRow, 'id' | 'name'>): Promise<boolean> => {
      const ok = await confirm({
        title: t('temaries.delete.title'),
        message: t('temaries.delete.question', { name: temary.name }),
        confirmLabel: t('delete'),
        tone: 'danger',
      });
      if (!ok) return false;
      setErrors([]);
      try {
        await api.temaries.remove(temary.id);
        toast.success(t('temaries.delete.done', { name: temary.name }));
        return true;
      } catch (failure) {
        setErrors(messages(explainIt(failure)));
        return false;
      }
    },
    [api, confirm, toast, t, explainIt],
  );

  return { errors, setErrors, busy, clone, remove };
}

/**
 * Moving and deleting the children of one parent (a syllabus's themes, a theme's subthemes, a
 * subtheme's sections). `onChanged` hears of every change, and of a refusal for a record deleted
 * meanwhile (the page reads the tree again).
 */
export function useChildActions<F extends ChildFields>(calls: ChildCalls<F>, kind: ChildKind, onChanged: () => void) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const explainIt = useExplain();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const refused = useCallback(
    (failure: unknown) => {
      setErrors(messages(explainIt(failure)));
      if (isConflict(failure)) onChanged();
    },
    [explainIt, onChanged],
  );

  /** `…/update {id, position}`: the others make room (README "Order"). */
  const move = useCallback(
    async (item: Positioned, position: number) => {
      setErrors([]);
      setBusy(true);
      try {
        await calls.update(item.id, { position } as Partial<F>);
        onChanged();
      } catch (failure) {
        refused(failure);
      } finally {
        setBusy(false);
      }
    },
    [calls, onChanged, refused],
  );

  /** `…/delete` once confirmed; those after it move up one. True when done. */
  const remove = useCallback(
    async (item: Positioned): Promise<boolean> => {
      const ok = await confirm({
        title: t(`${kind}.delete.title`),
        message: t(`${kind}.delete.question`, { title: item.title }),
        confirmLabel: t('delete'),
        tone: 'danger',
      });
      if (!ok) return false;
      setErrors([]);
      setBusy(true);
      try {
        await calls.remove(item.id);
        toast.success(t(`${kind}.delete.done`, { title: item.title }));
        onChanged();
        return true;
      } catch (failure) {
        refused(failure);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [calls, kind, confirm, toast, t, onChanged, refused],
  );

  return { errors, setErrors, busy, move, remove, refused };
}
