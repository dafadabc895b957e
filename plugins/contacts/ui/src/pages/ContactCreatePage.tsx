import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, useApi, usePageLayout, useToast, type FormValues } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ContactForm } from '../components/ContactForm';
import { SchemasState } from '../components/SchemasState';
import { useContactSchemas } from '../schema';
import { contactsApi } from '../api';

/**
 * /contact/list/create: a blank contact (contact/zero/0: next code, caller's branch) to fill in,
 * in the form built from the host's `contact` schema.
 */
export default function ContactCreatePage() {
  const { t } = useTranslation(NAMESPACE);
  const api = contactsApi(useApi());
  const navigate = useNavigate();
  const toast = useToast();
  const [blank, setBlank] = useState<FormValues | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const schemas = useContactSchemas();
  usePageLayout({ title: t('create.title'), breadcrumbs: [{ label: t('title'), to: '/contact/list' }, { label: t('create.title') }] });

  useEffect(() => {
    let live = true;
    api.zero(0).then(
      (zero) => live && setBlank(zero as unknown as FormValues),
      (e) => live && setFailed(errorList(e)[0]?.details || t('create.loadError')),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failed) return <p className="vk-alert vk-alert--danger" role="alert">{failed}</p>;
  if (schemas.failed) {
    return (
      <section className="card contact-create">
        <SchemasState schemas={schemas} />
        <Link className="vk-btn vk-btn--light" to="/contact/list">
          {t('view.back')}
        </Link>
      </section>
    );
  }
  if (!blank || !schemas.forms) return <p role="status" className="muted">{t('loading')}</p>;
  return (
    <section className="card contact-create">
      <ContactForm
        schema={schemas.forms.contact}
        value={blank}
        submitLabel={t('create.submit')}
        onSubmit={async (values) => {
          const created = await api.create(values);
          toast.success(t('create.done', { name: created.display_name }));
          navigate(`/contact/view/${created.id}/0`);
        }}
      />
      <Link className="vk-btn vk-btn--light" to="/contact/list">
        {t('view.back')}
      </Link>
    </section>
  );
}
