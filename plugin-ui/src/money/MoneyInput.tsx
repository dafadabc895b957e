import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { centsToInput, parseEuros } from './money';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** Cents, or null when empty or invalid. */
  value: number | null;
  /** Called on every keystroke with the cents (null while the text is empty or not an amount). */
  onChange(cents: number | null, text: string): void;
  allowNegative?: boolean;
}

/**
 * An amount in euros typed the Spanish way (`1.234,56`, `12,5`), handed out as integer cents.
 * The text is kept as typed while focused and tidied (`12,50`) when it loses focus; a value set
 * from outside replaces the text. Invalid text is marked `aria-invalid` and reported as null.
 */
export function MoneyInput({ value, onChange, allowNegative = false, className, onBlur, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(centsToInput(value));
  const last = useRef<number | null>(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(centsToInput(value));
    }
  }, [value]);
  const invalid = text.trim() !== '' && parseEuros(text, allowNegative) === null;
  return (
    <span className="vk-money">
      <input
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={className ?? 'vk-input'}
        value={text}
        aria-invalid={invalid || rest['aria-invalid'] === true || rest['aria-invalid'] === 'true'}
        onChange={(e) => {
          const next = e.target.value;
          const cents = next.trim() === '' ? null : parseEuros(next, allowNegative);
          last.current = cents;
          setText(next);
          onChange(cents, next);
        }}
        onBlur={(e) => {
          const cents = parseEuros(text, allowNegative);
          if (cents !== null) setText(centsToInput(cents));
          onBlur?.(e);
        }}
      />
      <span className="vk-money__unit" aria-hidden="true">
        €
      </span>
    </span>
  );
}
