import { useSchemas, type JsonSchema } from '@volante/plugin-ui';

/** The plugin id whose schemas the host serves (`GET plugin/schemas?plugin_id=contacts`). */
export const PLUGIN_ID = 'contacts';
/** The manifest's schema names the forms are built from. */
export const CONTACT_SCHEMA = 'contact';
export const DGT_SCHEMA = 'contact_dgt';

export interface ContactSchemas {
  /** Both schemas once loaded; null while loading or when they could not be had. */
  forms: { contact: JsonSchema; dgt: JsonSchema } | null;
  loading: boolean;
  /** The load failed, or the host's answer lacks one of the schemas. */
  failed: boolean;
  reload(): void;
}

/**
 * The contact and DGT record forms' JSON Schemas, generated from the plugin's Rust types
 * (`plugins/contacts/examples/schemas.rs`) into the manifest's `[schemas]` and served by the host
 * through the kit's `useSchemas` (cached for the page's life, so the create and view screens ask once).
 */
export function useContactSchemas(): ContactSchemas {
  const { schemas, loading, error, reload } = useSchemas(PLUGIN_ID);
  const contact = schemas?.[CONTACT_SCHEMA];
  const dgt = schemas?.[DGT_SCHEMA];
  const forms = contact && dgt ? { contact, dgt } : null;
  return { forms, loading: loading && !forms, failed: !forms && !loading && (!!error || !!schemas), reload };
}
