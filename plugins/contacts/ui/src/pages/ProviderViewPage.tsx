import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, changedFields, useApi, useLoad, usePageLayout, useRecord, useToast, type FormValues } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ContactForm } from '../components/ContactForm';
import { ContactHead, useStateActions } from '../components/ContactActions';
import { ProviderGroupsCard } from '../components/ProviderGroups';
import { SchemasState } from '../components/SchemasState';
import { useContactSchemas } from '../schema';
import { providersApi } from '../api';

/**
 * /provider/view/:provider_id — a supplier's card (`GET provider/read?id=`): its data in the
 * contact's form (`provider/update` with only what changed; the host's field errors under their
 * field), deactivate/activate and delete (asked first), and its groups (add to and remove from the
 * suppliers' groups).
 */
export default function ProviderViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => providersApi(client), [client]);
  const toast = useToast();
  const id = Number(useParams().provider_id);
  const { record: provider, failed, load, reload, show, formKey } = useRecord(id, api.read);
  const groups = useLoad(api.groups);
  const schemas = useContactSchemas();
  const actions = useStateActions(api, { activated: t('providers.activated'), deactivated: t('providers.deactivated'), deleted: t('providers.deleted') }, reload);
  const name = provider?.display_name || t('providers.view.title');
  usePageLayout({ title: name, breadcrumbs: [{ label: t('providers.title'), to: '/provider/list' }, { label: name }] });

  if (!provider) return <PageState error={failed} onRetry={load} />;
  const deleted = provider.state === 'deleted';

  return (
    <div className="contact-view" data-testid="provider-view">
      <ContactHead contact={provider} onToggle={() => void actions.toggle(provider)} onRemove={() => void actions.remove(provider)}>
        <Link className="vk-btn vk-btn--light" to="/provider/list">
          {t('providers.view.back')}
        </Link>
      </ContactHead>
      {deleted && (
        <p className="vk-alert vk-alert--warning" role="status">
          {t('providers.view.deletedNotice')}
        </p>
      )}
      <section className="card">
        <h2 className="card__title">{t('providers.view.data')}</h2>
        {schemas.forms ? (
          <ContactForm
            key={formKey}
            schema={schemas.forms.contact}
            value={provider as unknown as FormValues}
            relation="provider"
            name={t('providers.view.data')}
            submitLabel={t('view.save')}
            disabled={deleted}
            onSubmit={async (values) => {
              const changed = changedFields<FormValues>(values, provider);
              if (Object.keys(changed).length === 0) {
                toast.info(t('providers.view.noChanges'));
                return;
              }
              show(await api.update(id, changed));
              toast.success(t('providers.view.saved'));
            }}
          />
        ) : (
          <SchemasState schemas={schemas} />
        )}
      </section>
      <ProviderGroupsCard api={api} provider={provider} groups={groups.data?.items ?? null} disabled={deleted} onChanged={(next) => show({ ...provider, groups: next }, { redraw: false })} />
    </div>
  );
}
