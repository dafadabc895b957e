/**
 * The part of JSON Schema (draft 2020-12, as schemars writes it) the generic forms understand:
 * object properties, `type` (or a list with "null" for optional values), `enum`, `$ref` into
 * `$defs`, `format` (email, date), `maxLength`, `minimum`/`maximum`, `required`, `default`.
 */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  const?: unknown;
}

export type FieldKind = 'text' | 'email' | 'date' | 'integer' | 'number' | 'boolean' | 'enum' | 'textarea';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  nullable: boolean;
  required: boolean;
  options: unknown[];
  schema: JsonSchema;
}

/** Follow `$ref` (and schemars' `oneOf` of consts for documented enums) to the schema that counts. */
export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let i = 0; i < 10 && current.$ref; i++) {
    const name = current.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const target = root.$defs?.[name] ?? root.definitions?.[name];
    if (!target) break;
    current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  const alternatives = current.oneOf ?? current.anyOf;
  if (!current.enum && alternatives?.length && alternatives.every((a) => 'const' in a || a.enum)) {
    current = { ...current, enum: alternatives.flatMap((a) => ('const' in a ? [a.const] : (a.enum ?? []))) };
  }
  // `anyOf: [{$ref}, {type: null}]` — an optional reference.
  if (!current.enum && current.anyOf?.length === 2 && current.anyOf.some((a) => a.type === 'null')) {
    const inner = resolve(current.anyOf.find((a) => a.type !== 'null')!, root);
    return { ...inner, type: [...types(inner), 'null'] };
  }
  return current;
}

export function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** How a property is edited, from its schema and the form's widget overrides. */
export function fieldSpec(name: string, raw: JsonSchema, root: JsonSchema, required: boolean, widget?: FieldKind): FieldSpec {
  const schema = resolve(raw, root);
  const t = types(schema);
  const nullable = t.includes('null') || (schema.enum?.includes(null) ?? false);
  const base = t.find((x) => x !== 'null') ?? 'string';
  const options = (schema.enum ?? []).filter((v) => v !== null);
  let kind: FieldKind;
  if (widget) kind = widget;
  else if (options.length) kind = 'enum';
  else if (base === 'boolean') kind = 'boolean';
  else if (base === 'integer') kind = 'integer';
  else if (base === 'number') kind = 'number';
  else if (schema.format === 'email' || name === 'email') kind = 'email';
  else if (schema.format === 'date') kind = 'date';
  else kind = 'text';
  return { name, kind, nullable, required, options, schema };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type FieldError = { key: string; values?: Record<string, unknown> } | null;

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The first rule a value breaks (an i18n key of the kit's `form.*` with its values), or null. */
export function validateField(spec: FieldSpec, value: unknown): FieldError {
  if (isEmpty(value)) return spec.required ? { key: 'form.required' } : null;
  const s = spec.schema;
  switch (spec.kind) {
    case 'email':
      return EMAIL.test(String(value).trim()) ? null : { key: 'form.email' };
    case 'date': {
      const text = String(value);
      if (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { key: 'form.date' };
      return null;
    }
    case 'integer':
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n) || (spec.kind === 'integer' && !Number.isInteger(n))) return { key: 'form.integer' };
      if (s.minimum !== undefined && n < s.minimum) return { key: 'form.minimum', values: { min: s.minimum } };
      if (s.maximum !== undefined && n > s.maximum) return { key: 'form.maximum', values: { max: s.maximum } };
      return null;
    }
    case 'text':
    case 'textarea': {
      const text = String(value);
      if (s.maxLength !== undefined && [...text.trim()].length > s.maxLength) return { key: 'form.maxLength', values: { count: s.maxLength } };
      if (s.pattern && !new RegExp(s.pattern, 'u').test(text)) return { key: 'form.pattern' };
      return null;
    }
    default:
      return null;
  }
}

/** The value to send: numbers as numbers, empty optional values as null, text trimmed. */
export function outputValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.kind === 'boolean') return Boolean(value);
  if (isEmpty(value)) return spec.nullable ? null : spec.kind === 'integer' || spec.kind === 'number' ? null : '';
  if (spec.kind === 'integer' || spec.kind === 'number') return Number(value);
  if (spec.kind === 'enum') {
    const match = spec.options.find((o) => String(o) === String(value));
    return match ?? value;
  }
  return typeof value === 'string' ? value.trim() : value;
}
