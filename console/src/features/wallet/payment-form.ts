// Sends the browser to the payment page the way new-api does: a hidden form (method POST, the signed params as
// hidden inputs) submitted to the provider's URL. The form is built with DOM calls, so no value is parsed as HTML.
import type { TopUpPayment } from '@contract/topup';

export function buildPaymentForm(payment: TopUpPayment, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = payment.url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(payment.params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  return form;
}

export function submitPaymentForm(payment: TopUpPayment, doc: Document = document): void {
  const form = buildPaymentForm(payment, doc);
  doc.body.appendChild(form);
  form.submit();
}
