/**
 * A message's text as a layout dresses it, exactly as the host composes it (`Layout::dress` in
 * host/src/mail/layout.rs): the header and a blank line, the message, then a blank line, the
 * signature line `-- ` and the footer; the header and the footer only when they have something.
 */
export function dressMail(layout: { header: string; footer: string }, body: string): string {
  let text = '';
  if (layout.header) text += `${layout.header}\n\n`;
  text += body;
  if (layout.footer) text += `\n\n-- \n${layout.footer}`;
  return text;
}
