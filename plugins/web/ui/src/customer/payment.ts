import type { PaymentForm } from '../api';

/**
 * Sends the browser to the bank's payment page: a hidden HTML form (POST to `payment.url`, one
 * hidden input per signed field) added to the page and submitted. Answers the form.
 */
export function postToBank(payment: PaymentForm, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = payment.url;
  form.hidden = true;
  form.setAttribute('data-testid', 'bank-form');
  for (const [name, value] of Object.entries(payment.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return form;
}
