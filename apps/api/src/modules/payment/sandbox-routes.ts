import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPrice } from '@elmwood/domain';
import { SANDBOX_PUBLIC_KEY, type SandboxGateway } from '../../adapters/payment-gateway/sandbox';

const cardToken = z.object({
  type: z.literal('card'),
  number: z.string().min(1).max(32),
  expiry_month: z.number().int().min(0).max(99),
  expiry_year: z.number().int().min(2000).max(2100),
  cvv: z.string().max(8).optional(),
  name: z.string().max(200).optional(),
});
const applePayToken = z.object({
  type: z.literal('applepay'),
  token_data: z.object({ version: z.string().max(20), data: z.string().max(20000), signature: z.string().max(20000), header: z.record(z.string(), z.string()) }),
});
const googlePayToken = z.object({
  type: z.literal('googlepay'),
  token_data: z.object({ protocolVersion: z.string().max(20), signature: z.string().max(20000), signedMessage: z.string().max(20000) }),
});
const tokenRequest = z.discriminatedUnion('type', [cardToken, applePayToken, googlePayToken]);
const paymentParams = z.object({ paymentId: z.string().min(1).max(64) });
const providerError = z.object({ request_id: z.string(), error_type: z.string(), error_codes: z.array(z.string()).optional() });

/** Only ever back to a path of this shop: never an open redirect, whatever was stored. */
const safeReturn = (url: string | null | undefined) => (url && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A plain HTML page: no script (the shop's CSP forbids inline scripts, and a form needs none). It is framed by the
 * shop's own checkout only: helmet sends frame-ancestors 'self' and X-Frame-Options SAMEORIGIN.
 */
function page(input: { title: string; heading: string; lines: string[]; action: string; buttons: [{ value: string; label: string }, { value: string; label: string }] }): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2a24;background:#fff}
  main{max-width:390px;min-height:400px;margin:0 auto;padding:24px 20px;display:flex;flex-direction:column;gap:12px}
  h1{font-size:1.25rem;margin:0}
  p{margin:0}
  .note{font-size:.875rem;color:#4a5a52}
  form{display:flex;gap:12px;margin-top:auto}
  button{flex:1;min-height:48px;font:inherit;font-weight:600;border-radius:8px;border:2px solid #1f5c45;cursor:pointer}
  button[value=complete],button[value=approve]{background:#1f5c45;color:#fff}
  button[value=fail],button[value=cancel]{background:#fff;color:#1f5c45}
  button:focus-visible{outline:3px solid #f2b134;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.heading)}</h1>
${input.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p class="note">This is the test payment provider: no real bank or PayPal account is involved.</p>
<form method="post" action="${escapeHtml(input.action)}">
<button type="submit" name="outcome" value="${input.buttons[0].value}">${escapeHtml(input.buttons[0].label)}</button>
<button type="submit" name="outcome" value="${input.buttons[1].value}">${escapeHtml(input.buttons[1].label)}</button>
</form>
</main>
</body>
</html>`;
}

function goneHtml(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Payment not found</title></head><body><main><h1>This payment is no longer waiting</h1><p>Please return to the shop.</p></main></body></html>`;
}

/**
 * The sandbox payment provider's own pages and API, outside /shop-api because they stand for the provider:
 * POST /sandbox-gateway/tokens (Checkout.com's /tokens), the 3-D Secure challenge and the PayPal approval page.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGateway }> = async (app, { sandbox }) => {
  // The pages' forms post url-encoded fields; only this plugin reads them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Under the shop's default 'no-referrer' a browser sends the pages' form posts with Origin: null, which the
    // shop's cross-site protection refuses; the provider's own pages name their origin to themselves.
    reply.header('referrer-policy', 'same-origin');
  });

  app.post(
    '/tokens',
    {
      schema: {
        tags: ['sandbox gateway'],
        summary: 'Tokenise a card, Apple Pay or Google Pay token (Checkout.com /tokens shape; public key in Authorization)',
        headers: z.object({ authorization: z.string().max(200).optional() }),
        body: tokenRequest,
        response: { 201: z.record(z.string(), z.unknown()), 401: providerError, 422: providerError },
      },
      errorHandler(error, _request, reply) {
        // Checkout.com's error shape, for a body it cannot read.
        reply.status(422).send({ request_id: `req_${Date.now()}`, error_type: 'request_invalid', error_codes: [error.validation ? 'request_invalid' : 'unknown'] });
      },
    },
    async (request, reply) => {
      const key = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (key !== SANDBOX_PUBLIC_KEY) return reply.status(401).send({ request_id: `req_${Date.now()}`, error_type: 'unauthorised' });
      const answer = await sandbox.createToken(request.body);
      return reply.status(answer.ok ? 201 : 422).send(answer.body);
    },
  );

  const actionPage = (action: '3ds' | 'paypal') => async (request: { params: { paymentId: string } }, reply: FastifyReply) => {
    const pending = await sandbox.pendingAction(request.params.paymentId);
    const expected = action === 'paypal' ? pending?.kind === 'paypal' : pending !== null && pending.kind !== 'paypal';
    if (!pending || !expected) return reply.status(404).type('text/html; charset=utf-8').send(goneHtml());
    const amount = formatPrice(pending.amount);
    const html =
      action === '3ds'
        ? page({
            title: 'Confirm your payment',
            heading: 'Confirm your payment',
            lines: [`Your bank asks you to confirm a payment of ${amount} with your ${pending.brand} card ending ${pending.last4}.`],
            action: `/sandbox-gateway/3ds/${encodeURIComponent(request.params.paymentId)}`,
            buttons: [
              { value: 'complete', label: 'Complete' },
              { value: 'fail', label: 'Fail' },
            ],
          })
        : page({
            title: 'Pay with PayPal',
            heading: 'Pay with PayPal',
            lines: [`Approve a payment of ${amount} to Elmwood Health from your PayPal account.`, 'You are only charged once a clinician approves your treatment.'],
            action: `/sandbox-gateway/paypal/${encodeURIComponent(request.params.paymentId)}`,
            buttons: [
              { value: 'approve', label: 'Approve' },
              { value: 'cancel', label: 'Cancel' },
            ],
          });
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const outcomeBody = z.object({ outcome: z.string().max(20) });
  const finishAction = (passValue: string) => async (request: { params: { paymentId: string }; body: { outcome: string } }, reply: FastifyReply) => {
    const finished = await sandbox.completeAction(request.params.paymentId, request.body.outcome === passValue);
    if (!finished) return reply.status(404).type('text/html; charset=utf-8').send(goneHtml());
    return reply.redirect(safeReturn(finished.returnUrl), 303);
  };

  app.get('/3ds/:paymentId', { schema: { hide: true, params: paymentParams } }, actionPage('3ds'));
  app.get('/paypal/:paymentId', { schema: { hide: true, params: paymentParams } }, actionPage('paypal'));
  app.post('/3ds/:paymentId', { schema: { hide: true, params: paymentParams, body: outcomeBody } }, finishAction('complete'));
  app.post('/paypal/:paymentId', { schema: { hide: true, params: paymentParams, body: outcomeBody } }, finishAction('approve'));
};
