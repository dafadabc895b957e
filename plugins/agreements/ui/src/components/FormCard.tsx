import type { FormEvent, ReactNode } from 'react';
import { FormMessages, type FormErrors } from '@volante/plugin-ui';

/**
 * A card with its title over a plain form named the same: the host's errors that name no field
 * (or "Revise los campos marcados") first, then the fields.
 */
export function FormCard({
  id,
  title,
  busy,
  errors,
  errorsTestId,
  testId,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  busy: boolean;
  errors: FormErrors;
  errorsTestId: string;
  testId?: string;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <form className="vk-form" aria-label={title} aria-busy={busy} noValidate onSubmit={onSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId={errorsTestId} />
        {children}
      </form>
    </section>
  );
}
