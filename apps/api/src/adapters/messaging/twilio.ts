import { createHmac, timingSafeEqual } from 'node:crypto';
import { TextMessageError, type TextMessage, type TextMessenger } from './port';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** An SMS-capable number (E.164) or a Messaging Service SID (MG…). */
  smsFrom: string;
  /** The WhatsApp-enabled number (E.164); sent as whatsapp:+44…. */
  whatsappFrom: string;
  /** Where Twilio posts each message's delivery status (our status callback route). */
  statusCallbackUrl?: string;
  /** https://api.twilio.com unless a test points it at recorded replies. */
  baseUrl?: string;
}

interface TwilioError {
  code?: number;
  message?: string;
  status?: number;
}

/** Twilio's error codes for a number that can never receive the message: not retried. */
const INVALID_NUMBER_CODES = new Set([21211, 21214, 21217, 21219, 21401, 21407, 21408, 21421, 21612, 21614, 63003]);
/** The recipient replied STOP (21610) or the sender is blocked: not retried either. */
const REFUSED_CODES = new Set([21606, 21610, 63016]);

/**
 * SMS and WhatsApp through Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded,
 * HTTP basic auth with the account SID and auth token). WhatsApp addresses are the number prefixed 'whatsapp:'.
 */
export function twilioMessenger(options: TwilioOptions): TextMessenger {
  const base = options.baseUrl ?? 'https://api.twilio.com';
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message: TextMessage) {
      const whatsapp = message.channel === 'whatsapp';
      const form = new URLSearchParams({ To: whatsapp ? `whatsapp:${message.to}` : message.to, Body: message.body });
      if (whatsapp) form.set('From', `whatsapp:${options.whatsappFrom}`);
      else if (options.smsFrom.startsWith('MG')) form.set('MessagingServiceSid', options.smsFrom);
      else form.set('From', options.smsFrom);
      if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);

      let response: Response;
      try {
        response = await fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new TextMessageError('unavailable', `Twilio could not be reached: ${error instanceof Error ? error.name : 'network error'}`);
      }
      const body = (await response.json().catch(() => ({}))) as TwilioError & { sid?: string };
      if (response.status === 201 && body.sid) return { providerId: body.sid };
      const code = body.code ?? 0;
      const detail = `Twilio ${response.status}${code ? ` (${code})` : ''}: ${body.message ?? 'no message'}`;
      if (response.status === 429 || code === 20429) throw new TextMessageError('rate_limited', detail);
      if (INVALID_NUMBER_CODES.has(code)) throw new TextMessageError('invalid_number', detail);
      if (REFUSED_CODES.has(code)) throw new TextMessageError('refused', detail);
      throw new TextMessageError(response.status >= 500 ? 'unavailable' : 'refused', detail);
    },
  };
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed by the auth token, of the full URL Twilio
 * posted to followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((joined, key) => joined + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
