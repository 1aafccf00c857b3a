import type { MailMessage } from '../../adapters/mail/port';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail(input: { to: string; firstName: string; url: string; brandName: string; minutes: number }): MailMessage {
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Someone asked to reset the password of your ${input.brandName} account. To choose a new password, open this link within ${input.minutes} minutes:`,
    '',
    input.url,
    '',
    'The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
    '',
    `The ${input.brandName} team`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(input.brandName)} account. To choose a new password, use this link within ${input.minutes} minutes:</p>
<p><a href="${escapeHtml(input.url)}">Choose a new password</a></p>
<p>The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.</p>
<p>The ${escapeHtml(input.brandName)} team</p>`;
  return { to: input.to, subject: `Reset your ${input.brandName} password`, text, html };
}
