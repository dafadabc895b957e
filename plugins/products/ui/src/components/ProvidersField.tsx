import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, SearchPicker, fieldId, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FoundProvider, ProductsApi } from '../api';
import { ChosenList } from './ChosenList';

export interface Supplier {
  id: number;
  name: string | null;
}

/**
 * A product's suppliers (`provider_ids`): those chosen, with "Quitar", and a search of the
 * contacts module's suppliers (`GET provider/read`). When that module is
 * off or the user may not see providers, the search says why and only the suppliers the product
 * already has are listed (by name, or by number when the contacts module does not answer).
 */
export function ProvidersField({ ctx, api, value, onChange }: { ctx: FormContext; api: ProductsApi; value: Supplier[]; onChange(value: Supplier[]): void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = fieldId(ctx.formId, 'provider_ids');
  const error = ctx.errors.errors.provider_ids;
  const nameOf = (s: Supplier) => s.name || t('providers.unnamed', { id: s.id });
  return (
    <fieldset className="vk-field vk-field--wide products-group" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="providers">
      <legend className="vk-label">{t('fields.provider_ids')}</legend>
      <ChosenList<Supplier>
        items={value}
        itemKey={(s) => s.id}
        itemLabel={nameOf}
        onRemove={(s) => onChange(value.filter((x) => x.id !== s.id))}
        empty={t('providers.none')}
        label={t('fields.provider_ids')}
        disabled={ctx.disabled}
        testId="providers-chosen"
      />
      {!ctx.disabled && (
        <SearchPicker<FoundProvider>
          label={t('providers.search')}
          placeholder={t('providers.search')}
          find={api.providers.find}
          itemKey={(c) => c.id}
          itemLabel={(c) => c.display_name || c.fiscal_name || t('providers.unnamed', { id: c.id })}
          itemDetail={(c) => c.fiscal_code}
          taken={(c) => value.some((s) => s.id === c.id)}
          onChoose={(c) => onChange([...value, { id: c.id, name: c.display_name || c.fiscal_name || null }])}
          testId="providers-picker"
        />
      )}
      <FieldErrorMessage form={ctx.formId} field="provider_ids" error={error} />
    </fieldset>
  );
}
