/**
 * A date filter of a list or report: a date input labelled for screen readers; `error` (the id
 * of the message about it) marks it invalid.
 */
export function FilterDate({ label, value, onChange, error }: { label: string; value: string; onChange(value: string): void; error?: string }) {
  return (
    <label className="vk-inline-field">
      <span className="vk-visually-hidden">{label}</span>
      <input
        type="date"
        className="vk-input"
        value={value}
        aria-label={label}
        title={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
