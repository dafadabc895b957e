import { useSchemas, type JsonSchema } from '@volante/plugin-ui';

/** The plugin id whose schemas the host serves (`GET plugin/schemas?plugin_id=billing`). */
export const PLUGIN_ID = 'billing';

/**
 * One of the billing plugin's JSON Schemas (generated from its Rust types into the manifest's
 * `[schemas]`), through the kit's `useSchemas` (cached for the page's life).
 */
export function useBillingSchema(name: string): { schema: JsonSchema | null; loading: boolean; failed: boolean; reload(): void } {
  const { schemas, loading, error, reload } = useSchemas(PLUGIN_ID);
  const schema = schemas?.[name] ?? null;
  return { schema, loading: loading && !schema, failed: !schema && !loading && (!!error || !!schemas), reload };
}
