import { PushError, type PushMessage, type PushService } from './port';
import { isKnownPushService, outcomeOf, pushRequest } from './request';
import type { VapidKeys } from './vapid';

/** Web Push to the browsers' push services: each message encrypted to its device and signed with the shop's VAPID key. */
export function livePushService({ keys, allowedHosts, now, timeoutMs = 10_000 }: { keys: VapidKeys; allowedHosts: readonly string[]; now: () => Date; timeoutMs?: number }): PushService {
  return {
    name: 'live',
    async send(message: PushMessage) {
      // The address came from a browser: the shop posts only to push services, never to an address of someone's choosing.
      if (!isKnownPushService(message.target.endpoint, allowedHosts)) throw new PushError('gone', 'not the address of a known push service');
      const request = await pushRequest(message, keys, now());
      let reply: Response;
      try {
        reply = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new PushError('busy', 'the push service could not be reached');
      }
      const text = reply.ok ? '' : (await reply.text().catch(() => '')).slice(0, 200);
      const outcome = outcomeOf(reply.status, text);
      if (outcome instanceof PushError) throw outcome;
      return { providerId: reply.headers.get('location') };
    },
  };
}
