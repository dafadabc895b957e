import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { useFieldErrors, type FieldErrors, type FieldErrorsOptions, type FormErrors } from './fields';
import type { FormContext } from './inputs';

export interface DraftFormOptions<D, B> {
  /** The fields the form shows: a host error naming one goes under it (`useFieldErrors`). */
  fields: readonly string[];
  /** The body to send, or null when it cannot be sent (the `required` field is empty). */
  toBody(draft: D): B | null;
  /** The field that gets "Este campo es obligatorio" when `toBody` answers null. */
  required?: string;
  /** Other checks before sending: messages by field (none: undefined); while there is one nothing is sent. */
  validate?(draft: D): Partial<FieldErrors>;
  /** Sends the body; a rejection is shown in the form. */
  onSubmit(body: B): Promise<unknown>;
  /** The message of a host error that carries none (the plugin's "could not save"). */
  fallback: string;
  /** Rewrites a rejection before its errors are shown (a plugin's clearer messages). */
  explain?(failure: unknown): unknown;
  /** Called with the rejection (as it came) once its errors are shown. */
  onRefused?(failure: unknown): void;
  /** The fields are disabled (besides while sending). */
  disabled?: boolean;
  /** How a host error names its field (`useFieldErrors`' `fieldOf`; stable). */
  fieldOf?: FieldErrorsOptions['fieldOf'];
}

export interface DraftForm<D> {
  /** The form's id (`useId()`): its fields' ids start with it. */
  formId: string;
  draft: D;
  /** Merges a change into the draft. */
  set(patch: Partial<D>): void;
  setDraft: Dispatch<SetStateAction<D>>;
  /** True while `onSubmit` runs. */
  busy: boolean;
  errors: FormErrors;
  /** What the kit's inputs take: the form's id, its errors, disabled while busy or `disabled`. */
  ctx: FormContext;
  /** Checks the draft and sends it: resolves once it is sent or refused (never rejects). */
  submit(): Promise<void>;
  /** The `<form>`'s `onSubmit`: no page reload, then `submit`. */
  handleSubmit(event: FormEvent): void;
}

/**
 * A plain form's state: its draft, a busy flag and its errors (`useFieldErrors`). `submit` clears
 * the errors, checks the draft (`toBody` null puts "Este campo es obligatorio" under `required`;
 * `validate` adds its own messages) and, when it is right, awaits `onSubmit(body)` while busy; a
 * rejection goes to `errors.fail` (after `explain`), then to `onRefused`. `initial` is read once,
 * as `useState` reads it (a form is drawn again with a new `key`).
 */
export function useDraftForm<D, B>(initial: D | (() => D), options: DraftFormOptions<D, B>): DraftForm<D> {
  const { t } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<D>(initial);
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, options.fields, { fieldOf: options.fieldOf });
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy || (options.disabled ?? false) };

  async function submit() {
    const { toBody, required, validate, onSubmit, fallback, explain, onRefused } = options;
    errors.reset();
    const body = toBody(draft);
    const local: FieldErrors = {};
    for (const [field, message] of Object.entries(validate?.(draft) ?? {})) if (message) local[field] = message;
    if (body === null && required) local[required] = t('form.required');
    if (body === null || Object.keys(local).length > 0) {
      errors.setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (failure) {
      errors.fail(explain ? explain(failure) : failure, fallback);
      onRefused?.(failure);
    } finally {
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return { formId, draft, set, setDraft, busy, errors, ctx, submit, handleSubmit };
}
