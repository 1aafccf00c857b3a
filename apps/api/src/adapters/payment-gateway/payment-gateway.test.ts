import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/support/database';
import { readRecordings, replayServer, type ReplayedRequest } from '../../../test/support/replay-server';
import type { Database } from '../../db/client';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { checkoutComGateway } from './checkout-com';
import { PaymentGatewayError, type Authorisation, type AuthoriseRequest } from './port';
import { sandboxGateway, type SandboxGateway } from './sandbox';

const request = (overrides: Partial<AuthoriseRequest>): AuthoriseRequest => ({
  amount: 19900,
  reference: 'ORD-1',
  source: { type: 'token', token: 'x' },
  customerEmail: 'alex@example.com',
  saveCard: true,
  returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/fail' },
  idempotencyKey: crypto.randomUUID(),
  ...overrides,
});

describe('sandbox gateway (state in the database)', () => {
  let database: Database;
  let gateway: SandboxGateway;
  const today = new Date('2026-11-22T12:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = sandboxGateway({ db: database.db, webhookSecret: 'whsec_test_secret', today: () => today });
  });
  afterAll(() => database.close());

  const card = (number: string, overrides: Record<string, unknown> = {}) => ({ type: 'card' as const, number, expiry_month: 12, expiry_year: 2030, cvv: '123', name: 'Alex Smith', ...overrides });
  async function tokenFor(number: string): Promise<string> {
    const reply = await gateway.createToken(card(number));
    if (!reply.ok) throw new Error(reply.body.error_codes.join());
    return reply.body.token;
  }
  const paymentCount = async () => (await database.db.select().from(sandboxPayments)).length;

  it('tokenises 4242 4242 4242 4242 in the /tokens shape, authorises it and keeps the card for renewals', async () => {
    const reply = await gateway.createToken(card('4242 4242 4242 4242'));
    expect(reply).toMatchObject({ ok: true, body: { type: 'card', scheme: 'VISA', last4: '4242', bin: '424242', expiry_month: 12, expiry_year: 2030 } });
    if (!reply.ok) return;
    const answer = await gateway.authorise(request({ source: { type: 'token', token: reply.body.token } }));
    expect(answer).toMatchObject({ status: 'authorised', card: { kind: 'card', last4: '4242', brand: 'Visa', expiryMonth: 12, expiryYear: 2030 } });
    if (answer.status !== 'authorised') return;
    const renewal = await gateway.chargeSavedCard({ amount: 19900, reference: 'REN-1', sourceId: answer.card!.sourceId, previousPaymentId: answer.paymentId, idempotencyKey: 'ren-1' });
    expect(renewal.status).toBe('authorised');
    const [stored] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, renewal.paymentId!));
    expect(stored).toMatchObject({ merchantInitiated: true, previousPaymentId: answer.paymentId, status: 'captured', captured: 19900 });
  });

  it('refuses a renewal on a card nobody asked to keep, or without the payment that kept it', async () => {
    const answer = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4242424242424242') }, saveCard: false }));
    expect(answer).toMatchObject({ status: 'authorised', card: null });
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, answer.paymentId!));
    await expect(
      gateway.chargeSavedCard({ amount: 100, reference: 'REN-2', sourceId: row!.sourceId, previousPaymentId: answer.paymentId!, idempotencyKey: 'ren-2' }),
    ).rejects.toMatchObject({ reason: 'invalid_token' });
  });

  it('deletes a kept card so no later renewal can use it; deleting it again, or an unknown card, changes nothing', async () => {
    const answer = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4242424242424242') } }));
    if (answer.status !== 'authorised') throw new Error(answer.status);
    const renew = (key: string) => gateway.chargeSavedCard({ amount: 100, reference: 'REN-DEL', sourceId: answer.card!.sourceId, previousPaymentId: answer.paymentId, idempotencyKey: key });
    expect((await renew('ren-del-1')).status).toBe('authorised');
    await gateway.deleteStoredCard(answer.card!.sourceId);
    await expect(renew('ren-del-2')).rejects.toMatchObject({ reason: 'invalid_token' });
    await gateway.deleteStoredCard(answer.card!.sourceId);
    await gateway.deleteStoredCard('src_sbx_never_existed');
    await expect(renew('ren-del-3')).rejects.toMatchObject({ reason: 'invalid_token' });
  });

  it('asks 4000 0000 0000 3220 for a 3-D Secure challenge, which may pass or fail', async () => {
    const pass = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4000000000003220') } }));
    expect(pass).toMatchObject({ status: 'challenge', action: '3ds', challengeUrl: `/sandbox-gateway/3ds/${pass.paymentId}` });
    expect(await gateway.completeAction(pass.paymentId!, true)).toEqual({ returnUrl: 'https://shop.example/ok' });
    expect((await gateway.outcome(pass.paymentId!)).status).toBe('authorised');
    // A second press changes nothing.
    await gateway.completeAction(pass.paymentId!, false);
    expect((await gateway.outcome(pass.paymentId!)).status).toBe('authorised');

    const fail = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4000000000003220') } }));
    await gateway.completeAction(fail.paymentId!, false);
    expect(await gateway.outcome(fail.paymentId!)).toMatchObject({ status: 'declined', reason: 'Declined - 3-D Secure authentication failed' });
  });

  it('declines 4000 0000 0000 0002 with the reason', async () => {
    const answer = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4000000000000002') } }));
    expect(answer).toMatchObject({ status: 'declined', reason: 'Declined - Do Not Honour' });
  });

  it('fingerprints a card by its number, whatever the token, expiry or security code, as a provider does', async () => {
    const first = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4000000000000002') } }));
    const again = await gateway.createToken(card('4000 0000 0000 0002', { expiry_month: 3, expiry_year: 2031, cvv: '999' }));
    if (!again.ok) throw new Error('token refused');
    const second = await gateway.authorise(request({ source: { type: 'token', token: again.body.token } }));
    const other = await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4242424242424242') } }));
    const fingerprintOf = (answer: Authorisation) => (answer.status === 'challenge' ? undefined : answer.cardFingerprint);
    expect(fingerprintOf(first)).toMatch(/^[0-9A-F]{32}$/);
    expect(fingerprintOf(second)).toBe(fingerprintOf(first));
    expect(fingerprintOf(other)).toMatch(/^[0-9A-F]{32}$/);
    expect(fingerprintOf(other)).not.toBe(fingerprintOf(first));
    // The card kept for renewals answers with the same fingerprint; PayPal has none.
    if (other.status !== 'authorised') throw new Error(other.status);
    const renewal = await gateway.chargeSavedCard({ amount: 100, reference: 'REN-FP', sourceId: other.card!.sourceId, previousPaymentId: other.paymentId, idempotencyKey: 'ren-fp' });
    expect(fingerprintOf(renewal)).toBe(fingerprintOf(other));
    const paypal = await gateway.authorise(request({ source: { type: 'paypal' } }));
    await gateway.completeAction(paypal.paymentId!, true);
    expect(fingerprintOf(await gateway.outcome(paypal.paymentId!))).toBeNull();
  });

  it('waits for PayPal approval, and a cancel declines', async () => {
    const approve = await gateway.authorise(request({ source: { type: 'paypal' } }));
    expect(approve).toMatchObject({ status: 'challenge', action: 'paypal', challengeUrl: `/sandbox-gateway/paypal/${approve.paymentId}` });
    await gateway.completeAction(approve.paymentId!, true);
    expect(await gateway.outcome(approve.paymentId!)).toMatchObject({ status: 'authorised', card: { kind: 'paypal', brand: 'PayPal' } });
    const cancel = await gateway.authorise(request({ source: { type: 'paypal' } }));
    await gateway.completeAction(cancel.paymentId!, false);
    expect(await gateway.outcome(cancel.paymentId!)).toMatchObject({ status: 'declined', reason: 'The PayPal payment was cancelled' });
  });

  it('pays wallets with a Visa ending 4242 unless their data says sandbox-decline', async () => {
    const apple = await gateway.createToken({ type: 'applepay', token_data: { version: 'EC_v1', data: 'abc', signature: 's', header: { transactionId: 't' } } });
    expect(apple).toMatchObject({ ok: true, body: { type: 'applepay', last4: '4242', scheme: 'VISA' } });
    const google = await gateway.createToken({ type: 'googlepay', token_data: { protocolVersion: 'ECv2', signature: 's', signedMessage: 'sandbox-decline' } });
    if (!apple.ok || !google.ok) throw new Error('not tokenised');
    expect((await gateway.authorise(request({ source: { type: 'token', token: apple.body.token } }))).status).toBe('authorised');
    expect((await gateway.authorise(request({ source: { type: 'token', token: google.body.token } }))).status).toBe('declined');
  });

  it.each([
    ['a bad Luhn check digit', card('4242424242424241'), ['card_number_invalid']],
    ['a past expiry', card('4242424242424242', { expiry_year: 2025 }), ['card_expired']],
    ['last month', card('4242424242424242', { expiry_month: 10, expiry_year: 2026 }), ['card_expired']],
    ['a month that does not exist', card('4242424242424242', { expiry_month: 13 }), ['card_expiry_month_invalid']],
    ['a short CVV', card('4242424242424242', { cvv: '1' }), ['cvv_invalid']],
  ])('refuses %s with Checkout.com error codes', async (_name, details, codes) => {
    expect(await gateway.createToken(details)).toMatchObject({ ok: false, body: { error_type: 'request_invalid', error_codes: codes } });
  });

  it('accepts a card through the last day of its expiry month', async () => {
    expect((await gateway.createToken(card('4242424242424242', { expiry_month: 11, expiry_year: 2026 }))).ok).toBe(true);
  });

  it('refuses an unknown or expired token as an invalid payment token', async () => {
    await expect(gateway.authorise(request({ source: { type: 'token', token: 'tok_sbx_unknown' } }))).rejects.toMatchObject({ reason: 'invalid_token' });
    const token = await tokenFor('4242424242424242');
    const later = sandboxGateway({ db: database.db, webhookSecret: 'x'.repeat(16), today: () => new Date(today.getTime() + 16 * 60_000) });
    await expect(later.authorise(request({ source: { type: 'token', token } }))).rejects.toMatchObject({ reason: 'invalid_token' });
  });

  it('answers 20 concurrent requests with one idempotency key with one authorisation', async () => {
    const token = await tokenFor('4242424242424242');
    const before = await paymentCount();
    const same = request({ source: { type: 'token', token }, idempotencyKey: 'k-concurrent' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => gateway.authorise(same)));
    expect(new Set(answers.map((answer) => answer.paymentId)).size).toBe(1);
    expect(await paymentCount()).toBe(before + 1);
  });

  it('keeps its state across a restart: another instance captures, voids and refunds what this one authorised', async () => {
    const authorise = async () => (await gateway.authorise(request({ source: { type: 'token', token: await tokenFor('4242424242424242') } }))).paymentId!;
    const toCapture = await authorise();
    const toVoid = await authorise();
    const restarted = sandboxGateway({ db: database.db, webhookSecret: 'whsec_test_secret', today: () => today });

    await expect(restarted.refund(toCapture, 100, 'rf-0')).rejects.toThrow('Only a captured payment can be refunded');
    await expect(restarted.capture(toCapture, 19901, 'c-0')).rejects.toThrow('The capture is more than was authorised');
    await restarted.capture(toCapture, 19900, 'c-1');
    await restarted.capture(toCapture, 19900, 'c-1'); // a repeat of one capture is answered, not done again
    await restarted.refund(toCapture, 9900, 'rf-1');
    await restarted.refund(toCapture, 9900, 'rf-1');
    await expect(restarted.refund(toCapture, 10001, 'rf-2')).rejects.toThrow('The refund is more than was captured');
    await restarted.refund(toCapture, 10000, 'rf-3');
    await expect(restarted.void(toCapture, 'v-0')).rejects.toBeInstanceOf(PaymentGatewayError);
    const [captured] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, toCapture));
    expect(captured).toMatchObject({ status: 'refunded', captured: 19900, refunded: 19900 });

    await restarted.void(toVoid, 'v-1');
    await expect(restarted.capture(toVoid, 19900, 'c-2')).rejects.toThrow('This payment cannot be captured');
  });

  it('finds every payment made under a reference, newest first, as it stands now', async () => {
    const reference = `ORD-${crypto.randomUUID()}`;
    const voided = await gateway.authorise(request({ reference, source: { type: 'token', token: await tokenFor('4242424242424242') } }));
    await gateway.void(voided.paymentId!, 'void-ref');
    const waiting = await gateway.authorise(request({ reference, source: { type: 'token', token: await tokenFor('4000000000003220') } }));
    const held = await gateway.authorise(request({ reference, amount: 500, source: { type: 'token', token: await tokenFor('4242424242424242') } }));
    expect(await gateway.findByReference(reference)).toEqual([
      { paymentId: held.paymentId, status: 'authorised', amount: 500 },
      { paymentId: waiting.paymentId, status: 'pending', amount: 19900 },
      { paymentId: voided.paymentId, status: 'voided', amount: 19900 },
    ]);
    expect(await gateway.findByReference('ORD-none')).toEqual([]);
  });

  it('saves a card without taking money (a zero-amount verification) that renewals can then charge', async () => {
    const saving = { reference: 'card-1', customerEmail: 'alex@example.com', returnUrls: { success: '/account', failure: '/account' } };
    const verified = await gateway.saveCard({ ...saving, token: await tokenFor('4242424242424242'), idempotencyKey: 'save-1' });
    expect(verified).toMatchObject({ status: 'authorised', card: { last4: '4242', kind: 'card' } });
    if (verified.status !== 'authorised') return;
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, verified.paymentId));
    expect(row).toMatchObject({ amount: 0, captured: 0, storeSource: true });
    const renewal = await gateway.chargeSavedCard({ amount: 14900, reference: 'REN-3', sourceId: verified.card!.sourceId, previousPaymentId: verified.paymentId, idempotencyKey: 'ren-3' });
    expect(renewal.status).toBe('authorised');
    expect((await gateway.saveCard({ ...saving, token: await tokenFor('4000000000000002'), idempotencyKey: 'save-2' })).status).toBe('declined');
    expect((await gateway.saveCard({ ...saving, token: await tokenFor('4000000000003220'), idempotencyKey: 'save-3' })).status).toBe('challenge');
  });

  it('signs and verifies its webhooks like Checkout.com, refusing a forged one', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_approved', data: { id: 'pay_sbx_1' } });
    expect(gateway.parseWebhook(body, { 'cko-signature': gateway.signWebhook(body) })).toEqual({ id: 'evt_1', type: 'authorised', paymentId: 'pay_sbx_1', providerType: 'payment_approved' });
    expect(() => gateway.parseWebhook(body, { 'cko-signature': gateway.signWebhook(`${body} `) })).toThrow(PaymentGatewayError);
    expect(() => gateway.parseWebhook(body, {})).toThrow(PaymentGatewayError);
  });
});

const recordings = readRecordings(new URL('./recordings/checkout-com.json', import.meta.url));

/** Checkout.com replayed: each request answered by the most specific recording that names it. */
let provider: Awaited<ReturnType<typeof replayServer>>;
let baseUrl: string;
let seen: ReplayedRequest[];
beforeAll(async () => {
  provider = await replayServer(({ method, url, body }) => {
    const source = body.source as { token?: string; type?: string } | undefined;
    const key = [
      `${method} ${url} reference:${String(body.reference ?? '')}`,
      `${method} ${url} ${source?.token ?? '-'}`,
      `${method} ${url} source:${source?.type ?? ''}`,
      `${method} ${url} ${String(body.type ?? '')}`.trim(),
      `${method} ${url}`,
    ].find((candidate) => recordings[candidate]);
    return key ? recordings[key]! : { status: 404, body: { error_type: 'not_recorded' } };
  });
  baseUrl = provider.baseUrl;
  seen = provider.seen;
});
afterAll(() => provider.close());

describe('Checkout.com adapter (recorded replies)', () => {
  const gateway = () => checkoutComGateway({ secretKey: 'sk_sbox_test', publicKey: 'pk_sbox_test', baseUrl });

  it('authorises without capturing, with 3-D Secure on, the secret key and an idempotency key', async () => {
    const answer = await gateway().authorise(request({ source: { type: 'token', token: 'tok_authorised' }, idempotencyKey: 'idem-1' }));
    expect(answer).toEqual({
      status: 'authorised',
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      card: { sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', kind: 'card', brand: 'Visa', expiryMonth: 12, expiryYear: 2030, last4: '4242' },
      paidWith: { brand: 'Visa', last4: '4242' },
      cardFingerprint: 'B16D9C2E0F9F3C8A0D6E1D3B6F2B1C0A',
    });
    const sent = seen.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk_sbox_test');
    expect(sent.headers['cko-idempotency-key']).toBe('idem-1');
    expect(sent.body).toMatchObject({ capture: false, currency: 'GBP', amount: 19900, '3ds': { enabled: true }, source: { type: 'token', token: 'tok_authorised', store_for_future_use: true } });
  });

  it('returns the challenge address for 3-D Secure, then the outcome', async () => {
    const answer = await gateway().authorise(request({ source: { type: 'token', token: 'tok_challenge' } }));
    expect(answer).toEqual({
      status: 'challenge',
      action: '3ds',
      paymentId: 'pay_3ds2ux7wnp4urfyezpr6pz5kdm',
      challengeUrl: 'https://3ds2-sandbox.ckotech.co/interceptor/3ds_xyz/device-information',
    });
    expect(await gateway().outcome('pay_3ds2ux7wnp4urfyezpr6pz5kdm')).toMatchObject({ status: 'authorised', card: { last4: '3220' } });
  });

  it('reports a decline with the provider summary, and a refused request as an error', async () => {
    expect(await gateway().authorise(request({ source: { type: 'token', token: 'tok_declined' } }))).toEqual({
      status: 'declined',
      paymentId: 'pay_decl3h2ux7wnp4urfyezpr6pz',
      reason: 'Declined - Do Not Honour',
      cardFingerprint: '0F2A7C41D9E83B56A1C4E7F02B9D3A61',
    });
    // An expired token is the patient's to fix (a new card entry), not an outage.
    await expect(gateway().authorise(request({ source: { type: 'token', token: 'tok_expired_token' } }))).rejects.toMatchObject({ reason: 'invalid_token' });
  });

  it('lists the payments under a reference (GET /payments?reference=), reading their statuses', async () => {
    expect(await gateway().findByReference('EH-CRSH-0001')).toEqual([
      { paymentId: 'pay_late2ux7wnp4urfyezpr6pz5km', status: 'authorised', amount: 14900 },
      { paymentId: 'pay_3dsabandonedp4urfyezpr6pz5', status: 'pending', amount: 14900 },
    ]);
    const sent = seen.at(-1)!;
    expect(sent).toMatchObject({ method: 'GET', url: '/payments?reference=EH-CRSH-0001&limit=100' });
    expect(sent.headers.authorization).toBe('Bearer sk_sbox_test');
    expect(await gateway().findByReference('EH-NONE-0001')).toEqual([]);
  });

  it('captures, voids and refunds by payment id', async () => {
    await gateway().capture('pay_mbabizu24mvu3mela5njyhpit4', 19900, 'cap-1');
    expect(seen.at(-1)).toMatchObject({ url: '/payments/pay_mbabizu24mvu3mela5njyhpit4/captures', body: { amount: 19900 }, headers: { 'cko-idempotency-key': 'cap-1' } });
    await gateway().void('pay_mbabizu24mvu3mela5njyhpit4', 'void-1');
    expect(seen.at(-1)).toMatchObject({ url: '/payments/pay_mbabizu24mvu3mela5njyhpit4/voids', headers: { 'cko-idempotency-key': 'void-1' } });
    await gateway().refund('pay_mbabizu24mvu3mela5njyhpit4', 500, 'ref-1');
    expect(seen.at(-1)).toMatchObject({ url: '/payments/pay_mbabizu24mvu3mela5njyhpit4/refunds', body: { amount: 500 }, headers: { 'cko-idempotency-key': 'ref-1' } });
    await expect(gateway().capture('pay_alreadyvoided', 100, 'cap-2')).rejects.toThrow('action_not_allowed');
  });

  it('turns an Apple Pay token into a card token with the public key first', async () => {
    const answer = await gateway().authorise(
      request({ source: { type: 'applepay', tokenData: { version: 'EC_v1', data: 'abc', signature: 'sig', header: { ephemeralPublicKey: 'k', publicKeyHash: 'h', transactionId: 't' } } } }),
    );
    const tokenCall = seen.find((call) => call.url === '/tokens')!;
    expect(tokenCall.headers.authorization).toBe('Bearer pk_sbox_test');
    expect(tokenCall.body).toMatchObject({ type: 'applepay', token_data: { version: 'EC_v1' } });
    expect(answer.status).toBe('authorised');
  });

  it('charges a saved card as a merchant-initiated recurring payment', async () => {
    await gateway().chargeSavedCard({ amount: 19900, reference: 'REN-1', sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', previousPaymentId: 'pay_mbabizu24mvu3mela5njyhpit4', idempotencyKey: 'ren-1' });
    expect(seen.at(-1)!.body).toMatchObject({ source: { type: 'id', id: 'src_nwd3m4in3hkuddfpjsaevunhdy' }, merchant_initiated: true, payment_type: 'Recurring' });
  });

  it('deletes a stored card with DELETE /instruments/{id} and the secret key; 404 (already gone) is success, an outage is an error', async () => {
    await gateway().deleteStoredCard('src_nwd3m4in3hkuddfpjsaevunhdy');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/instruments/src_nwd3m4in3hkuddfpjsaevunhdy', headers: { authorization: 'Bearer sk_sbox_test' } });
    await gateway().deleteStoredCard('src_alreadydeleted4hkuddfpjsae');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/instruments/src_alreadydeleted4hkuddfpjsae' });
    await expect(gateway().deleteStoredCard('src_unavailable3hkuddfpjsaevu')).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('pays with PayPal as an alternative payment method: no 3-D Secure, a redirect to approve, then the outcome', async () => {
    const answer = await gateway().authorise(request({ source: { type: 'paypal' }, saveCard: true }));
    expect(answer).toEqual({ status: 'challenge', action: 'paypal', paymentId: 'pay_paypal7wnp4urfyezpr6pz5kd', challengeUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=EC-5Y6334356R851924P' });
    const sent = seen.at(-1)!;
    expect(sent.body).toMatchObject({ source: { type: 'paypal' }, capture: false, success_url: 'https://shop.example/ok', failure_url: 'https://shop.example/fail' });
    expect(sent.body['3ds']).toBeUndefined();
    expect(await gateway().outcome('pay_paypal7wnp4urfyezpr6pz5kd')).toMatchObject({ status: 'authorised', card: { kind: 'paypal', brand: 'PayPal', sourceId: 'src_paypal5vxodagsj7lhejcfv' } });
  });

  it('sends the previous payment with a merchant-initiated renewal, and reads the taken charge as authorised', async () => {
    const answer = await gateway().chargeSavedCard({ amount: 19900, reference: 'REN-2', sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', previousPaymentId: 'pay_mbabizu24mvu3mela5njyhpit4', idempotencyKey: 'ren-2' });
    expect(seen.at(-1)!.body).toMatchObject({ merchant_initiated: true, previous_payment_id: 'pay_mbabizu24mvu3mela5njyhpit4', capture: true, amount: 19900, currency: 'GBP' });
    expect(seen.at(-1)!.body).not.toHaveProperty('3ds');
    expect(seen.at(-1)!.headers['cko-idempotency-key']).toBe('ren-2');
    expect(answer).toEqual({ status: 'authorised', paymentId: 'pay_renewal7wnp4urfyezpr6pz', card: null, paidWith: { brand: 'Visa', last4: '4242' } });
  });

  it('reads a declined merchant-initiated renewal with the provider’s reason (the shop retries it)', async () => {
    const answer = await gateway().chargeSavedCard({ amount: 19900, reference: 'REN-DECLINED', sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', previousPaymentId: 'pay_mbabizu24mvu3mela5njyhpit4', idempotencyKey: 'ren-3' });
    expect(answer).toEqual({ status: 'declined', paymentId: 'pay_rendecl7wnp4urfyezpr6pz', reason: 'Insufficient Funds' });
  });

  it('verifies webhooks by their Cko-Signature (HMAC-SHA256 of the raw body), and refuses them without a secret', () => {
    const secret = 'whsec_cko_recorded_test';
    const body = JSON.stringify(recordings['webhook payment_approved']!.body);
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const withSecret = checkoutComGateway({ secretKey: 'sk', publicKey: 'pk', baseUrl, webhookSecret: secret });
    expect(withSecret.parseWebhook(body, { 'cko-signature': signature })).toEqual({
      id: 'evt_az5sblvku4ge3dwpztvyizgcau',
      type: 'authorised',
      paymentId: 'pay_paypal7wnp4urfyezpr6pz5kd',
      providerType: 'payment_approved',
    });
    expect(() => withSecret.parseWebhook(body.replace('19900', '1'), { 'cko-signature': signature })).toThrow(PaymentGatewayError);
    expect(() => gateway().parseWebhook(body, { 'cko-signature': signature })).toThrow(PaymentGatewayError);
  });

  it('answers an unreachable provider as unavailable, through any fetch', async () => {
    const failing = checkoutComGateway({ secretKey: 'sk', publicKey: 'pk', baseUrl: 'https://api.sandbox.checkout.com', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(failing.capture('pay_x', 100, 'cap-x')).rejects.toMatchObject({ reason: 'unavailable' });
    const fake = checkoutComGateway({
      secretKey: 'sk',
      publicKey: 'pk',
      baseUrl: 'https://api.sandbox.checkout.com',
      fetch: async (input) => {
        const key = `GET ${new URL(String(input)).pathname}`;
        return new Response(JSON.stringify(recordings[key]!.body), { status: recordings[key]!.status });
      },
    });
    expect((await fake.outcome('pay_3ds2ux7wnp4urfyezpr6pz5kdm')).status).toBe('authorised');
  });

  it('refuses Apple Pay merchant validation without a merchant identity certificate', async () => {
    await expect(
      gateway().validateApplePayMerchant({ validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'shop.example', merchantIdentifier: 'merchant.x', displayName: 'Shop' }),
    ).rejects.toMatchObject({ reason: 'invalid_token' });
  });
});
