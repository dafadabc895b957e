import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useApi, usePageLayout, useSession, useToast, type FormValues } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ContactForm } from '../components/ContactForm';
import { ContactHead, useStateActions } from '../components/ContactActions';
import { DgtBlock } from '../components/DgtBlock';
import { SchemasState } from '../components/SchemasState';
import { useContactSchemas } from '../schema';
import { contactsApi, type ContactDetail } from '../api';

/**
 * /contact/view/:contact_id/:back_dgt_folder — the contact's card: data (edit and save),
 * deactivate/activate and delete (confirmed), groups and the DGT record. `back_dgt_folder` other
 * than 0 is the DGT folder the user came from: "back" returns there. Users with the billing module
 * get links to a new invoice and a new budget for the contact (their editors' "back" returns
 * here). The data and DGT forms come
 * from the host's schemas: until they are there (or if they cannot be had) the data card says so.
 */
export default function ContactViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = contactsApi(useApi());
  const toast = useToast();
  const { contact_id, back_dgt_folder } = useParams();
  const id = Number(contact_id);
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const schemas = useContactSchemas();
  const backFolder = back_dgt_folder && back_dgt_folder !== '0' ? back_dgt_folder : null;
  // The billing module's editors (their routes are the spec's), for users who have it.
  const session = useSession();
  const billing = session.hasService('billing') && session.can('invoicing');

  usePageLayout({
    title: contact?.display_name || t('view.title'),
    breadcrumbs: [{ label: t('title'), to: '/contact/list' }, { label: contact?.display_name || t('view.title') }],
  });

  const load = useCallback(() => {
    api.read(id).then(
      (c) => setContact(c),
      (e) => setFailed(errorList(e)[0]?.details || t('view.loadError')),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  const actions = useStateActions(api, { activated: t('view.activated'), deactivated: t('view.deactivated'), deleted: t('view.deleted') }, async () => {
    setContact(await api.read(id));
    setFormKey((k) => k + 1);
  });

  if (failed) return <p className="vk-alert vk-alert--danger" role="alert">{failed}</p>;
  if (!contact) return <p role="status" className="muted">{t('loading')}</p>;
  const deleted = contact.state === 'deleted';

  return (
    <div className="contact-view" data-testid="contact-view">
      <ContactHead contact={contact} onToggle={() => void actions.toggle(contact)} onRemove={() => void actions.remove(contact)}>
        {!deleted && billing && (
          <>
            <Link className="vk-btn vk-btn--light" to={`/invoice/new/contact/0/0/${contact.id}`}>
              {t('view.newInvoice')}
            </Link>
            <Link className="vk-btn vk-btn--light" to={`/budget/new/contact/0/0/${contact.id}`}>
              {t('view.newBudget')}
            </Link>
          </>
        )}
        <Link className="vk-btn vk-btn--light" to={backFolder ? `/dgt/folder/view/${backFolder}` : '/contact/list'}>
          {t(backFolder ? 'view.backFolder' : 'view.back')}
        </Link>
      </ContactHead>
      {deleted && (
        <p className="vk-alert vk-alert--warning" role="status">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card">
        <h2 className="card__title">{t('view.data')}</h2>
        {schemas.forms ? (
          <ContactForm
            key={formKey}
            schema={schemas.forms.contact}
            value={contact as unknown as FormValues}
            submitLabel={t('view.save')}
            disabled={deleted}
            onSubmit={async (values) => {
              const saved = await api.update(id, values);
              setContact({ ...contact, ...saved });
              toast.success(t('view.saved'));
            }}
          />
        ) : (
          <SchemasState schemas={schemas} />
        )}
      </section>
      <section className="card">
        <h2 className="card__title">{t('view.groups')}</h2>
        {contact.groups.length ? (
          <ul className="contact-groups">
            {contact.groups.map((g) => (
              <li key={g.id}>{g.name}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('view.noGroups')}</p>
        )}
      </section>
      {schemas.forms && <DgtBlock key={`dgt-${formKey}`} contact={contact} schema={schemas.forms.dgt} disabled={deleted} />}
    </div>
  );
}
