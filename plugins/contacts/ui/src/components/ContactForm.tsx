import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploader, SchemaForm, useProvinceOptions, useSession, type FormValues, type JsonSchema } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Contact } from '../api';

/** The fields of the contact form, in order; which show depends on the type (person/company). */
export const CONTACT_FIELDS = [
  'type', 'relation', 'code', 'first_name', 'last_name', 'second_last_name', 'trade_name', 'fiscal_name', 'fiscal_code',
  'gender', 'nationality', 'birthday', 'incorporation_date', 'email', 'phone', 'mobile', 'street', 'city', 'province_id',
  'postal_code', 'notes', 'notifications',
];
const PERSON_ONLY = new Set(['first_name', 'last_name', 'second_last_name', 'gender', 'birthday']);
const COMPANY_ONLY = new Set(['trade_name', 'incorporation_date']);

export function contactFieldVisible(field: string, values: FormValues): boolean {
  if (PERSON_ONLY.has(field)) return values.type !== 'E';
  if (COMPANY_ONLY.has(field)) return values.type === 'E';
  return true;
}

export interface ContactFormProps {
  /** The `contact` JSON Schema the host serves (`useContactSchemas`). */
  schema: JsonSchema;
  value: FormValues;
  submitLabel: string;
  disabled?: boolean;
  /** The form's accessible name (default "Datos del contacto"). */
  name?: string;
  /** A relation the screen fixes (the suppliers' `provider`): its field is not shown, nor sent. */
  relation?: Contact['relation'];
  onSubmit(values: FormValues): Promise<unknown>;
}

/** The contact's form from its JSON Schema (served by the host), with the avatar uploader (png/jpeg) above it. */
export function ContactForm({ schema, value, submitLabel, disabled, name, relation, onSubmit }: ContactFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const [type, setType] = useState(value.type);
  const [avatar, setAvatar] = useState<number | null>((value.avatar_file_id as number | null) ?? null);
  const [avatarUrl, setAvatarUrl] = useState<string | null>(value.avatar_file_id ? avatarSrc(Number(value.avatar_file_id), session.store.getToken()) : null);
  const provinces = useProvinceOptions();
  // A company needs a trade or fiscal name; a person a first name and, for DGT, a document.
  const required = type === 'E' ? ['fiscal_name'] : ['first_name'];
  // The relation is a choice only when the screen leaves it open and the user may see suppliers.
  const relationShown = !relation && session.can('contact.provider');
  return (
    <SchemaForm
      name={name ?? t('view.data')}
      schema={schema}
      value={value}
      fields={CONTACT_FIELDS.filter((f) => f !== 'relation' || relationShown)}
      required={required}
      widgets={{ birthday: 'date', incorporation_date: 'date', notes: 'textarea', gender: 'enum' }}
      options={{
        province_id: provinces,
        gender: [
          { value: 'M', label: t('gender.M') },
          { value: 'F', label: t('gender.F') },
        ],
      }}
      label={(field) => t(`fields.${field}`)}
      optionLabel={(field, v) => t(`${field}.${String(v)}`)}
      visible={contactFieldVisible}
      onValues={(values) => setType(values.type)}
      submitLabel={submitLabel}
      disabled={disabled}
      onSubmit={(values) => onSubmit({ ...values, avatar_file_id: avatar })}
    >
      <div className="vk-field contact-avatar">
        <span className="vk-label">{t('fields.avatar')}</span>
        <ImageUploader
          folder="contactos/avatares"
          resizes={['128x128']}
          previewUrl={avatarUrl}
          onUploaded={(image) => {
            setAvatar(image.file_id);
            setAvatarUrl(`${image.url}${image.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(session.store.getToken() ?? '')}`);
          }}
        />
      </div>
    </SchemaForm>
  );
}

/** The avatar's read URL (file id; non-public files need the session token in the query). */
export function avatarSrc(fileId: number, token: string | null): string {
  return `/api/filesystem/file/read?file_id=${fileId}&token=${encodeURIComponent(token ?? '')}`;
}
