import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm, useApi, useToast, type JsonSchema } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { LICENCE_CLASSES, contactsApi, type ContactDetail, type DgtRecord } from '../api';

const EMPTY: DgtRecord = { licences: [], dgt_folder: '', dgt_record: '', requested_licence: '', theory_exam_date: null, practical_exam_date: null, licence_date: null, notes: '' };

/** The person's DGT record (form from the host's `contact_dgt` schema): licences held, folder and record numbers, licence applied for, exams. */
export function DgtBlock({ contact, schema, disabled }: { contact: ContactDetail; schema: JsonSchema; disabled?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const api = contactsApi(useApi());
  const toast = useToast();
  const [record, setRecord] = useState<DgtRecord>(contact.dgt ?? EMPTY);
  const [licences, setLicences] = useState<string[]>(record.licences);

  if (contact.type === 'E') return <p className="muted">{t('dgt.companies')}</p>;
  return (
    <section className="card dgt-block" aria-labelledby="dgt-title" data-testid="dgt-block">
      <h2 id="dgt-title" className="card__title">
        {t('dgt.title')}
      </h2>
      {!contact.dgt && <p className="muted">{t('dgt.none')}</p>}
      <SchemaForm
        name={t('dgt.title')}
        schema={schema}
        value={record as unknown as Record<string, unknown>}
        fields={['dgt_folder', 'dgt_record', 'requested_licence', 'theory_exam_date', 'practical_exam_date', 'licence_date', 'notes']}
        widgets={{ theory_exam_date: 'date', practical_exam_date: 'date', licence_date: 'date', notes: 'textarea', requested_licence: 'enum' }}
        options={{ requested_licence: LICENCE_CLASSES.map((c) => ({ value: c, label: c })) }}
        label={(field) => t(`dgt.${field}`)}
        submitLabel={t('dgt.save')}
        disabled={disabled}
        onSubmit={async (values) => {
          const saved = await api.saveDgt(contact.id, { ...values, licences });
          setRecord(saved);
          toast.success(t('dgt.saved'));
        }}
      >
        <fieldset className="vk-field licences" disabled={disabled}>
          <legend className="vk-label">{t('dgt.licences')}</legend>
          <div className="licences__list">
            {LICENCE_CLASSES.map((c) => (
              <label key={c} className="vk-check">
                <input
                  type="checkbox"
                  checked={licences.includes(c)}
                  onChange={(e) => setLicences((all) => (e.target.checked ? LICENCE_CLASSES.filter((x) => x === c || all.includes(x)) : all.filter((x) => x !== c)))}
                />
                <span>{c}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </SchemaForm>
    </section>
  );
}
