import { CARRIER_NAMES, formatPrice, trackingUrl, type Carrier } from '@elmwood/domain';
import type { MailMessage } from '../../adapters/mail/port';

/*
 * The clinic's emails to patients, in one place until the notifications module sends them. They never carry
 * health details beyond what the patient needs to act: the reason for a decision, a question, a tracking link.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailContext {
  to: string;
  firstName: string;
  orderNumber: string;
  siteUrl: string;
  brandName: string;
}

function mail(context: MailContext, subject: string, paragraphs: string[], link: { text: string; url: string }): MailMessage {
  const text = [`Hello ${context.firstName},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${link.text}: ${link.url}`, '', `The ${context.brandName} team`].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(context.firstName)},</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`,
    `<p>The ${escapeHtml(context.brandName)} team</p>`,
  ].join('\n');
  return { to: context.to, subject: `${subject} (order ${context.orderNumber})`, text, html };
}

const orderHistory = (context: MailContext) => ({ text: 'See your order', url: new URL('/account/order-history', context.siteUrl).toString() });

export function approvedMail(context: MailContext): MailMessage {
  return mail(context, 'Your treatment has been approved', ['Good news: our prescriber has approved your treatment. We will let you know as soon as it is on its way.'], orderHistory(context));
}

export function rejectedMail(context: MailContext, reason: string): MailMessage {
  return mail(
    context,
    'About your order',
    [
      'Our prescriber has reviewed your consultation and could not approve this order.',
      `Reason: ${reason}`,
      'The amount held on your card has been released: you have not been charged.',
    ],
    orderHistory(context),
  );
}

export function informationRequestedMail(context: MailContext, photoRequested: boolean): MailMessage {
  return mail(
    context,
    'Our prescriber has a question',
    [
      'Before our prescriber can decide on your treatment, they need a little more information from you.',
      photoRequested ? 'They have also asked for a photo.' : null,
      'Please answer in your account; your order goes back to the prescriber as soon as you do.',
    ].filter((line): line is string => line !== null),
    { text: 'Answer the question', url: new URL('/account/health-actions', context.siteUrl).toString() },
  );
}

export function paymentNeededMail(context: MailContext, amount: number): MailMessage {
  return mail(
    context,
    'Please pay again for your approved treatment',
    [
      'Our prescriber has approved your treatment, but we could not take the payment of ' +
        `${formatPrice(amount)}: the hold on your card has expired or your bank declined it.`,
      'Nothing has been charged. Please update your payment details in your account so we can send your treatment.',
    ],
    { text: 'Update your payment details', url: new URL('/account/details/change/billing-method', context.siteUrl).toString() },
  );
}

export function dispatchedMail(context: MailContext, carrier: Carrier, trackingNumber: string): MailMessage {
  return mail(
    context,
    'Your treatment is on its way',
    [`Your order has been dispatched with ${CARRIER_NAMES[carrier]}. Tracking number: ${trackingNumber}.`],
    { text: 'Track your parcel', url: trackingUrl(carrier, trackingNumber) },
  );
}

export function refundedMail(context: MailContext, amount: number): MailMessage {
  return mail(context, 'We have refunded you', [`We have refunded ${formatPrice(amount)} to your card. It can take 5 to 10 working days to appear.`], orderHistory(context));
}
