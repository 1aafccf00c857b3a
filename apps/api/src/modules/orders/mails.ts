import { formatPrice } from '@elmwood/domain';
import type { MailMessage } from '../../adapters/mail/port';
import type { OrderItem } from '@elmwood/domain';
import type { OrderRow } from './repo';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FREQUENCY = { 30: 'every month', 90: 'every 3 months', 1: 'one-off' } as Record<number, string>;

/** The patient's order confirmation: what they ordered, what it costs, and that nothing is charged before approval. */
export function orderConfirmationMail(input: { to: string; firstName: string; order: OrderRow; items: OrderItem[]; siteUrl: string; brandName: string }): MailMessage {
  const { order, items, brandName } = input;
  const lines = items.map((item) => `${item.productName} ${item.variantName} (${FREQUENCY[item.frequency] ?? ''}): ${formatPrice(item.total)}`);
  const accountUrl = new URL('/account/order-history', input.siteUrl).toString();
  const nextSteps = [
    'A UK-registered clinician reviews your consultation and order, usually within 24 hours.',
    'Your card has only been authorised: you are billed once the clinician approves your treatment. If it is not approved, the authorisation is released and you pay nothing.',
    'Once approved, your order is dispatched and delivered within 2 working days.',
  ];
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Thank you for your order ${order.number}.`,
    '',
    ...lines,
    order.discount > 0 ? `Discount: -${formatPrice(order.discount)}` : null,
    `Delivery: ${order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}`,
    `Total: ${formatPrice(order.total)}`,
    '',
    'What happens next',
    ...nextSteps.map((step) => `- ${step}`),
    '',
    `You can follow your order and any tasks we need from you in your account: ${accountUrl}`,
    '',
    `The ${brandName} team`,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Thank you for your order <strong>${escapeHtml(order.number)}</strong>.</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${order.discount > 0 ? `<p>Discount: -${escapeHtml(formatPrice(order.discount))}</p>` : ''}
<p>Delivery: ${order.shipping === 0 ? 'Free' : escapeHtml(formatPrice(order.shipping))}<br><strong>Total: ${escapeHtml(formatPrice(order.total))}</strong></p>
<h2>What happens next</h2>
<ul>${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(accountUrl)}">Follow your order in your account</a></p>
<p>The ${escapeHtml(brandName)} team</p>`;
  return { to: input.to, subject: `Your ${brandName} order ${order.number}`, text, html };
}
