import { describe, expect, it } from 'vitest';
import { checkoutComGateway } from './checkout-com';

const request = {
  token: 'tok_ubfj2q76miwundwlk72vxt2i7q',
  reference: 'card-1a2b3c4d',
  customerEmail: 'patient@example.com',
  returnUrls: { success: 'https://shop.example/account', failure: 'https://shop.example/account' },
  idempotencyKey: 'save-card:abc',
};

describe('Checkout.com card verification (save card)', () => {
  it('posts a zero-amount payment that stores the card, and reads the verified card', async () => {
    const sent: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
    const gateway = checkoutComGateway({
      secretKey: 'sk_sbox_test',
      publicKey: 'pk_sbox_test',
      baseUrl: 'https://api.sandbox.checkout.com',
      fetch: async (input, init) => {
        sent.push({ url: String(input), body: JSON.parse(String(init?.body)), headers: init?.headers as Record<string, string> });
        // The provider's reply to a card verification, as its documentation shows it.
        return new Response(
          JSON.stringify({
            id: 'pay_mbabizu24mvu3mela5njyhpit4',
            status: 'Card Verified',
            approved: true,
            response_summary: 'Approved',
            source: { id: 'src_nwd3m4in3hkuddfpjsaevunhdy', type: 'card', scheme: 'Mastercard', expiry_month: 6, expiry_year: 2030, last4: '4444' },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const answer = await gateway.saveCard(request);
    expect(answer).toEqual({
      status: 'authorised',
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      card: { sourceId: 'src_nwd3m4in3hkuddfpjsaevunhdy', kind: 'card', brand: 'Mastercard', expiryMonth: 6, expiryYear: 2030, last4: '4444' },
      paidWith: { brand: 'Mastercard', last4: '4444' },
    });
    expect(sent[0]!.url).toBe('https://api.sandbox.checkout.com/payments');
    expect(sent[0]!.headers['Cko-Idempotency-Key']).toBe('save-card:abc');
    expect(sent[0]!.body).toMatchObject({
      source: { type: 'token', token: request.token, store_for_future_use: true },
      amount: 0,
      currency: 'GBP',
      '3ds': { enabled: true },
    });
  });
});
