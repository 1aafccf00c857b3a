import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/customers';
import { PushError, type PushMessage, type PushService } from './port';
import { outcomeOf, pushRequest, pushServiceVerdict } from './request';
import type { VapidKeys } from './vapid';

/** A subscription whose address has this path segment answers 410, as a push service does for one the browser dropped. */
const GONE = /\/gone(\/|$)/;

/**
 * The push service outside production: the message is encrypted and signed exactly as for a real push service, and
 * checked as one would check it (VAPID token and key, content coding, record size); then, instead of reaching a
 * device, what the device would show is kept for /dev/mailbox under 'App notifications'. Nothing leaves the machine.
 */
export function sandboxPushService({ db, keys, now }: { db: Db; keys: VapidKeys; now: () => Date }): PushService {
  return {
    name: 'sandbox',
    async send(message: PushMessage) {
      const request = await pushRequest(message, keys, now());
      if (GONE.test(new URL(request.url).pathname)) throw new PushError('gone', 'the push service says the subscription is gone (410)', 410);
      const verdict = await pushServiceVerdict(request, keys.publicKey, now());
      const outcome = outcomeOf(verdict.status, verdict.reason ?? '');
      if (outcome instanceof PushError) throw outcome;
      const shown = JSON.parse(message.payload) as { title?: string };
      const [row] = await db
        .insert(mailOutbox)
        .values({ channel: 'push', to: request.url, subject: shown.title ?? 'App notification', text: message.payload, headers: { ttl: request.headers.ttl!, urgency: request.headers.urgency!, ...(message.topic ? { topic: message.topic } : {}) } })
        .returning({ id: mailOutbox.id });
      return { providerId: `sandbox-push-${row!.id}` };
    },
  };
}
