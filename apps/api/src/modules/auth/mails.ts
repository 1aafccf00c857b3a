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

/** To the owner of an email someone tried to sign up with: the signup itself answers the same either way. */
export function signupAttemptMail(input: { to: string; firstName: string; loginUrl: string; resetUrl: string; brandName: string }): MailMessage {
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Someone tried to open a new ${input.brandName} account with this email address, which already has one.`,
    '',
    `If it was you, you can log in here: ${input.loginUrl}`,
    `If you have forgotten your password, you can choose a new one here: ${input.resetUrl}`,
    '',
    'If it was not you, you can ignore this email: nothing has changed on your account.',
    '',
    `The ${input.brandName} team`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Someone tried to open a new ${escapeHtml(input.brandName)} account with this email address, which already has one.</p>
<p>If it was you, you can <a href="${escapeHtml(input.loginUrl)}">log in</a>, or <a href="${escapeHtml(input.resetUrl)}">choose a new password</a> if you have forgotten it.</p>
<p>If it was not you, you can ignore this email: nothing has changed on your account.</p>
<p>The ${escapeHtml(input.brandName)} team</p>`;
  return { to: input.to, subject: `Someone tried to sign up to ${input.brandName} with your email`, text, html };
}
