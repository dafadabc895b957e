import { formatDate } from '@volante/plugin-ui';

/** A worker's full name (first name, then surnames). */
export function workerName(worker: { first_name: string; last_name: string }): string {
  return `${worker.first_name} ${worker.last_name}`.trim();
}

/** A course's days, `DD/MM/YYYY – DD/MM/YYYY`; one side only when the other is not set; '' for none. */
export function dateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDate(start);
  const to = formatDate(end);
  if (!from && !to) return '';
  if (!to) return `${from} –`;
  if (!from) return `– ${to}`;
  return `${from} – ${to}`;
}

/** A course's training action and group numbers, `12 / 3`; either alone; '' for none. */
export function courseCodes(action: string | null | undefined, group: string | null | undefined): string {
  return [action, group].filter((code) => code && code.trim()).join(' / ');
}

/** An option for a record that a list of choices may not hold (a deleted company, or one past the first page). */
export function withOption(options: { value: string; label: string }[], id: number | null | undefined, label: string | null | undefined): { value: string; label: string }[] {
  if (!id || options.some((o) => o.value === String(id))) return options;
  return [...options, { value: String(id), label: label || String(id) }];
}
