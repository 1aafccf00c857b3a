import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutComGateway } from './checkout-com';
import { PaymentGatewayError, type AuthoriseRequest } from './port';
import { sandboxGateway } from './sandbox';
import { luhnValid } from './sandbox-cards';

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

describe('sandbox gateway', () => {
  const card = (number: string, expiryYear = 2030) => ({ number, expiryMonth: 12, expiryYear, cvv: '123' });
  const today = new Date('2026-11-22T12:00:00Z');

  it('authorises 4242 4242 4242 4242 and keeps the card for renewals', async () => {
    const gateway = sandboxGateway({ challengeUrl: (id) => `/sandbox/3ds/${id}` });
    const { token, card: display } = gateway.tokenise(card('4242 4242 4242 4242'), today);
    expect(display).toEqual({ brand: 'Visa', expiryMonth: 12, expiryYear: 2030, last4: '4242' });
    const answer = await gateway.authorise(request({ source: { type: 'token', token } }));
    expect(answer).toMatchObject({ status: 'authorised', card: { last4: '4242', brand: 'Visa' } });
    if (answer.status !== 'authorised') throw new Error('not authorised');
    const renewal = await gateway.chargeSavedCard({ amount: 19900, reference: 'REN-1', sourceId: answer.card!.sourceId, previousPaymentId: answer.paymentId, idempotencyKey: 'r1' });
    expect(renewal.status).toBe('authorised');
  });

  it('asks 4000 0000 0000 3220 for a 3-D Secure challenge, which may pass or fail', async () => {
    const gateway = sandboxGateway({ challengeUrl: (id) => `/sandbox/3ds/${id}` });
    const pass = await gateway.authorise(request({ source: { type: 'token', token: gateway.tokenise(card('4000000000003220'), today).token } }));
    expect(pass).toMatchObject({ status: 'challenge', challengeUrl: `/sandbox/3ds/${pass.paymentId}` });
    gateway.completeChallenge(pass.paymentId!, true);
    expect((await gateway.outcome(pass.paymentId!)).status).toBe('authorised');

    const fail = await gateway.authorise(request({ source: { type: 'token', token: gateway.tokenise(card('4000000000003220'), today).token } }));
    gateway.completeChallenge(fail.paymentId!, false);
    expect((await gateway.outcome(fail.paymentId!)).status).toBe('declined');
  });

  it('declines 4000 0000 0000 0002', async () => {
    const gateway = sandboxGateway({ challengeUrl: (id) => id });
    const answer = await gateway.authorise(request({ source: { type: 'token', token: gateway.tokenise(card('4000000000000002'), today).token } }));
    expect(answer.status).toBe('declined');
  });

  it.each([
    ['a bad Luhn check digit', card('4242424242424241')],
    ['a past expiry', card('4242424242424242', 2025)],
    ['a short CVC', { ...card('4242424242424242'), cvv: '1' }],
  ])('refuses %s with the card-details message', (_name, details) => {
    const gateway = sandboxGateway({ challengeUrl: (id) => id });
    expect(() => gateway.tokenise(details, today)).toThrow('Please enter valid card details');
  });

  it('answers a repeated idempotency key with the first authorisation', async () => {
    const gateway = sandboxGateway({ challengeUrl: (id) => id });
    const { token } = gateway.tokenise(card('4242424242424242'), today);
    const same = request({ source: { type: 'token', token }, idempotencyKey: 'k-1' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => gateway.authorise(same)));
    expect(new Set(answers.map((answer) => answer.paymentId)).size).toBe(1);
  });

  it('captures, voids and refunds only where a real gateway would', async () => {
    const gateway = sandboxGateway({ challengeUrl: (id) => id });
    const authorise = async () => (await gateway.authorise(request({ source: { type: 'token', token: gateway.tokenise(card('4242424242424242'), today).token } }))).paymentId!;
    const toCapture = await authorise();
    await expect(gateway.refund(toCapture, 100, 'rf-0')).rejects.toThrow('Only a captured payment can be refunded');
    await gateway.capture(toCapture, 19900, 'c-1');
    await gateway.refund(toCapture, 9900, 'rf-1');
    await expect(gateway.refund(toCapture, 10001, 'rf-2')).rejects.toThrow('The refund is more than was captured');
    await expect(gateway.void(toCapture, 'v-0')).rejects.toBeInstanceOf(PaymentGatewayError);

    const toVoid = await authorise();
    await gateway.void(toVoid, 'v-1');
    await expect(gateway.capture(toVoid, 19900, 'c-2')).rejects.toThrow('This payment cannot be captured');
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});

type Recording = { status: number; body: unknown };
const recordings = JSON.parse(readFileSync(new URL('./recordings/checkout-com.json', import.meta.url), 'utf8')) as Record<string, Recording>;

/** Replays the recordings over real HTTP, and keeps what each request carried. */
let server: Server;
let baseUrl: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const source = body.source as { token?: string } | undefined;
      const key = [`${req.method} ${req.url} ${source?.token ?? ''}`.trim(), `${req.method} ${req.url} ${String(body.type ?? '')}`.trim(), `${req.method} ${req.url}`].find((k) => recordings[k]);
      const recording = key ? recordings[key]! : { status: 404, body: { error_type: 'not_recorded' } };
      res.writeHead(recording.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(recording.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Checkout.com adapter (recorded replies)', () => {
  const gateway = () => checkoutComGateway({ secretKey: 'sk_sbox_test', publicKey: 'pk_sbox_test', baseUrl });

  it('authorises without capturing, with 3-D Secure on, the secret key and an idempotency key', async () => {
    const answer = await gateway().authorise(request({ source: { type: 'token', token: 'tok_authorised' }, idempotencyKey: 'idem-1' }));
    expect(answer).toEqual({
      status: 'authorised',
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      card: { sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', brand: 'Visa', expiryMonth: 12, expiryYear: 2030, last4: '4242' },
    });
    const sent = seen.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk_sbox_test');
    expect(sent.headers['cko-idempotency-key']).toBe('idem-1');
    expect(sent.body).toMatchObject({ capture: false, currency: 'GBP', amount: 19900, '3ds': { enabled: true }, source: { type: 'token', token: 'tok_authorised', store_for_future_use: true } });
  });

  it('returns the challenge address for 3-D Secure, then the outcome', async () => {
    const answer = await gateway().authorise(request({ source: { type: 'token', token: 'tok_challenge' } }));
    expect(answer).toEqual({ status: 'challenge', paymentId: 'pay_3ds2ux7wnp4urfyezpr6pz5kdm', challengeUrl: 'https://3ds2-sandbox.ckotech.co/interceptor/3ds_xyz/device-information' });
    expect(await gateway().outcome('pay_3ds2ux7wnp4urfyezpr6pz5kdm')).toMatchObject({ status: 'authorised', card: { last4: '3220' } });
  });

  it('reports a decline with the provider summary, and a refused request as an error', async () => {
    expect(await gateway().authorise(request({ source: { type: 'token', token: 'tok_declined' } }))).toEqual({
      status: 'declined',
      paymentId: 'pay_decl3h2ux7wnp4urfyezpr6pz',
      reason: 'Declined - Do Not Honour',
    });
    await expect(gateway().authorise(request({ source: { type: 'token', token: 'tok_expired_token' } }))).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('captures, voids and refunds by payment id', async () => {
    await gateway().capture('pay_mbabizu24mvu3mela5njyhpit4', 19900, 'cap-1');
    expect(seen.at(-1)).toMatchObject({ url: '/payments/pay_mbabizu24mvu3mela5njyhpit4/captures', body: { amount: 19900 } });
    await gateway().void('pay_mbabizu24mvu3mela5njyhpit4', 'void-1');
    await gateway().refund('pay_mbabizu24mvu3mela5njyhpit4', 500, 'ref-1');
    expect(seen.at(-1)).toMatchObject({ url: '/payments/pay_mbabizu24mvu3mela5njyhpit4/refunds', body: { amount: 500 } });
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
});
