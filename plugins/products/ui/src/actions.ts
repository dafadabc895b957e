/**
 * What the lists and the views do to a record, the same on both: delete (asked first, with what
 * is kept) and switch active ↔ inactive. A refusal's errors are held for `<ActionErrors>`.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast, type ApiErrorItem } from '@volante/plugin-ui';
import { NAMESPACE } from './i18n';
import type { Category, ProductDetail, Product, ProductsApi } from './api';

export function useProductActions(api: ProductsApi) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [errors, setErrors] = useState<ApiErrorItem[]>([]);

  /** `product/delete` once confirmed; answers the deleted product, or null (not asked, refused). */
  const remove = useCallback(
    async (product: Pick<Product, 'id' | 'name' | 'is_pack'>): Promise<ProductDetail | null> => {
      const ok = await confirm({
        title: t(product.is_pack ? 'products.delete.titlePack' : 'products.delete.title'),
        message: t('products.delete.question', { name: product.name }),
        confirmLabel: t('products.delete.action'),
        tone: 'danger',
      });
      if (!ok) return null;
      setErrors([]);
      try {
        const deleted = await api.products.remove(product.id);
        toast.success(t('products.delete.done', { name: product.name }));
        return deleted;
      } catch (failure) {
        setErrors(errorList(failure));
        return null;
      }
    },
    [api, confirm, toast, t],
  );

  /** `product/state` (active ↔ inactive); answers the product as stored, or null when refused. */
  const toggle = useCallback(
    async (product: Pick<Product, 'id' | 'name'>): Promise<ProductDetail | null> => {
      setErrors([]);
      try {
        const answer = await api.products.toggle(product.id);
        toast.success(t(answer.state === 'active' ? 'products.state.activated' : 'products.state.deactivated', { name: answer.name }));
        return answer;
      } catch (failure) {
        setErrors(errorList(failure));
        return null;
      }
    },
    [api, toast, t],
  );

  return { errors, setErrors, remove, toggle };
}

export function useCategoryActions(api: ProductsApi) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [errors, setErrors] = useState<ApiErrorItem[]>([]);

  /** `product/category/delete` once confirmed (its products stay, without it); true when done. */
  const remove = useCallback(
    async (category: Pick<Category, 'id' | 'name'>): Promise<boolean> => {
      const ok = await confirm({
        title: t('categories.delete.title'),
        message: t('categories.delete.question', { name: category.name }),
        confirmLabel: t('categories.delete.action'),
        tone: 'danger',
      });
      if (!ok) return false;
      setErrors([]);
      try {
        const deleted = await api.categories.remove(category.id);
        toast.success(t('categories.delete.done', { name: category.name, count: deleted.products_unlinked }));
        return true;
      } catch (failure) {
        setErrors(errorList(failure));
        return false;
      }
    },
    [api, confirm, toast, t],
  );

  /** `product/category/state` (active ↔ inactive); answers the category, or null when refused. */
  const toggle = useCallback(
    async (category: Pick<Category, 'id'>): Promise<Category | null> => {
      setErrors([]);
      try {
        const answer = await api.categories.toggle(category.id);
        toast.success(t(answer.state === 'active' ? 'categories.state.activated' : 'categories.state.deactivated', { name: answer.name }));
        return answer;
      } catch (failure) {
        setErrors(errorList(failure));
        return null;
      }
    },
    [api, toast, t],
  );

  return { errors, setErrors, remove, toggle };
}
