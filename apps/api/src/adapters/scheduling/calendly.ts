import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SchedulingSignatureError, type Scheduler, type SchedulingEvent } from './port';

/** Calendly signs each delivery at the time it sends it; an older one is a replay. Calendly suggests 3 minutes. */
export const CALENDLY_SIGNATURE_TOLERANCE_SECONDS = 3 * 60;

/**
 * Checks Calendly's `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>` header: v1 is HMAC-SHA256, keyed with the
 * webhook subscription's signing key, of `${t}.${raw body}`. Throws SchedulingSignatureError when it does not match or
 * is too old.
 */
export function verifyCalendlySignature(header: string | undefined, rawBody: string, signingKey: string, now: Date): void {
  if (!header) throw new SchedulingSignatureError('no signature');
  const parts = new Map(
    header.split(',').map((part) => {
      const [key, ...value] = part.trim().split('=');
      return [key ?? '', value.join('=')] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d+$/.test(t) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) throw new SchedulingSignatureError('malformed signature');
  const expected = createHmac('sha256', signingKey).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new SchedulingSignatureError('signature does not match');
  if (Math.abs(now.getTime() / 1000 - Number(t)) > CALENDLY_SIGNATURE_TOLERANCE_SECONDS) throw new SchedulingSignatureError('signature too old');
}

/** The parts of Calendly's webhook payload (v2 API) the shop reads; the rest is ignored. */
const inviteePayload = z.object({
  event: z.enum(['invitee.created', 'invitee.canceled']),
  payload: z.object({
    uri: z.string(),
    email: z.string(),
    cancel_url: z.string(),
    reschedule_url: z.string(),
    rescheduled: z.boolean().optional().default(false),
    /** What the booking link carried: the shop puts its reference for the patient in utm_content. */
    tracking: z.object({ utm_content: z.string().nullish() }).passthrough().nullish(),
    status: z.string(),
    scheduled_event: z.object({
      name: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      event_type: z.string(),
      location: z.object({ type: z.string(), location: z.string().nullish() }).passthrough().nullish(),
      event_memberships: z.array(z.object({ user_email: z.string().nullish() }).passthrough()).default([]),
    }),
  }),
});

export function calendlyScheduler({ signingKey }: { signingKey: string }): Scheduler {
  return {
    name: 'calendly',
    bookingUrl(coach, invitee) {
      if (!coach.calendlyLink) return null;
      const url = new URL(coach.calendlyLink);
      // SPEC §7: the scheduling link opens with the patient's name, email and phone filled in.
      url.searchParams.set('name', invitee.name);
      url.searchParams.set('email', invitee.email);
      if (invitee.phone) url.searchParams.set('phone', invitee.phone);
      // Calendly hands the link's UTM parameters back with the booking: the booking is matched by this, not the email.
      url.searchParams.set('utm_content', invitee.reference);
      return url.toString();
    },
    parseWebhook(rawBody, headers, now): SchedulingEvent | null {
      const header = headers['calendly-webhook-signature'];
      verifyCalendlySignature(Array.isArray(header) ? header[0] : header, rawBody, signingKey, now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = inviteePayload.safeParse(json);
      if (!parsed.success) return null;
      const { event, payload } = parsed.data;
      const scheduled = payload.scheduled_event;
      return {
        kind: event === 'invitee.created' ? 'booked' : 'cancelled',
        externalId: payload.uri,
        inviteeEmail: payload.email.trim().toLowerCase(),
        reference: payload.tracking?.utm_content ?? null,
        hostEmail: scheduled.event_memberships[0]?.user_email?.trim().toLowerCase() ?? null,
        startsAt: new Date(scheduled.start_time),
        endsAt: new Date(scheduled.end_time),
        cancelUrl: payload.cancel_url,
        rescheduleUrl: payload.reschedule_url,
        eventTypeName: scheduled.name,
        eventTypeUuid: scheduled.event_type.split('/').at(-1) ?? null,
        location: scheduled.location?.location ?? scheduled.location?.type ?? 'Phone call',
        rescheduled: payload.rescheduled,
      };
    },
  };
}
