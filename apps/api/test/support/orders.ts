import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SANDBOX_PUBLIC_KEY } from '../../src/adapters/payment-gateway/sandbox';
import { SANDBOX_CARDS } from '../../src/adapters/payment-gateway/sandbox-cards';
import { eligibleWeightLossAnswers } from '../../src/seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../src/seed/data/questionnaires/weight-loss';
import { cookieFrom, groupAnswers } from './consultation';

export { SANDBOX_CARDS };

export const TEST_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Smith',
  company: '1 Elm Street',
  street: '',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  countryCode: 'GB',
  phoneNumber: '07700900123',
} as const;

export const WEGOVY_MONTHLY = { productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30 } as const;
export const MOUNJARO_MONTHLY = { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-2-5MG', frequency: 30 } as const;

export interface CheckoutOptions {
  /** Lines to buy (default: Wegovy 0.25 mg monthly, which needs the weight-loss consultation). */
  items?: readonly { productCode: string; variantCode: string; frequency: number; quantity?: number }[];
  /** Answer the weight-loss consultation and link it (default true). */
  consult?: boolean;
  /** Answers that replace the eligible patient's (a continuing patient's dose and last-dose date). */
  answers?: Record<string, unknown>;
  /** Set the shipping address (default true). */
  address?: boolean;
}

export interface PlaceOrderOptions extends CheckoutOptions {
  /** A sandbox test card (default 4242 4242 4242 4242); ignored for PayPal or a saved card. */
  card?: string;
  mode?: 'NEW_CARD' | 'EXISTING_CARD' | 'ADYEN_PAYPAL' | 'APPLEPAY' | 'GOOGLEPAY';
  paymentTokenId?: number;
  /** Complete an existing cart instead of filling a new one. */
  cartToken?: string;
  idempotencyKey?: string;
}

export interface PlacedOrder {
  cartToken: string;
  idempotencyKey: string;
  reply: LightMyRequestResponse;
  /** The order number when the reply named one (placed or action required). */
  orderNumber: string | null;
}

function expectStatus(res: LightMyRequestResponse, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
}

/**
 * A signed-in patient's cart ready for payment, through the HTTP API as the browser fills it: the weight-loss
 * consultation answered eligible and linked, the items added, the shipping address set. Answers the cart token.
 */
export async function readyCart(app: FastifyInstance, cookies: string, options: CheckoutOptions = {}): Promise<string> {
  const { items = [WEGOVY_MONTHLY], consult = true, address = true, answers = {} } = options;
  const created = await app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' }, headers: { cookie: cookies } });
  expectStatus(created, 201, 'POST /carts');
  const token = (created.json() as { tokenValue: string }).tokenValue;

  if (consult) {
    const answered = await app.inject({
      method: 'PATCH',
      url: '/shop-api/medical-history-for-groups-by-slug/weight-loss',
      payload: groupAnswers(weightLossQuestionnaire, { ...eligibleWeightLossAnswers, ...answers }),
      headers: { cookie: cookies },
    });
    expectStatus(answered, 200, 'PATCH consultation');
    const withQuiz = `${cookies}; ${cookieFrom(answered)}`;
    const questionnaire = await app.inject({ method: 'GET', url: '/shop-api/questionnaires/by-slug/weight-loss', headers: { cookie: withQuiz } });
    const { questionnaireId } = questionnaire.json() as { questionnaireId: number };
    const linked = await app.inject({
      method: 'PUT',
      url: `/shop-api/checkout/${token}/medical_history_questionnaire`,
      payload: { questionnaireId },
      headers: { cookie: withQuiz },
    });
    expectStatus(linked, 200, 'PUT medical_history_questionnaire');
  }
  if (items.length > 0) {
    const added = await app.inject({ method: 'POST', url: `/shop-api/carts/${token}/multiple-items`, payload: { items }, headers: { cookie: cookies } });
    if (added.statusCode !== 201) {
      throw new Error(`adding items answered ${added.statusCode}: ${added.body}`);
    }
  }
  if (address) {
    const put = await app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/address`, payload: { shippingAddress: TEST_ADDRESS }, headers: { cookie: cookies } });
    if (put.statusCode >= 300) throw new Error(`PUT address answered ${put.statusCode}: ${put.body}`);
  }
  return token;
}

/** Tokenises a test card at the sandbox provider, as the provider's script does in the browser. */
export async function cardToken(app: FastifyInstance, number: string = SANDBOX_CARDS.authorises): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/tokens',
    headers: { authorization: SANDBOX_PUBLIC_KEY },
    payload: { type: 'card', number, expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvv: '123', name: 'Alex Smith' },
  });
  expectStatus(res, 201, 'POST /sandbox-gateway/tokens');
  return (res.json() as { token: string }).token;
}

/** POST /checkout/{token}/complete as the browser sends it. */
export function completeCheckout(app: FastifyInstance, cookies: string, cartToken: string, body: Record<string, unknown>, idempotencyKey: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/shop-api/checkout/${cartToken}/complete`,
    payload: body,
    headers: { cookie: cookies, 'idempotency-key': idempotencyKey },
  });
}

/**
 * Places an order through the HTTP API: consultation, cart, address, a sandbox card token and the completion.
 * With the default card the reply is 201 placed; 4000 0000 0000 3220 gives action_required (3-D Secure), and
 * 4000 0000 0000 0002 a 402.
 */
export async function placeOrder(app: FastifyInstance, cookies: string, options: PlaceOrderOptions = {}): Promise<PlacedOrder> {
  const cartToken = options.cartToken ?? (await readyCart(app, cookies, options));
  const mode = options.mode ?? 'NEW_CARD';
  const body: Record<string, unknown> = { mode };
  if (mode === 'EXISTING_CARD') body.paymentTokenId = options.paymentTokenId;
  else if (mode !== 'ADYEN_PAYPAL') body.token = await cardToken(app, options.card);
  const idempotencyKey = options.idempotencyKey ?? randomUUID();
  const reply = await completeCheckout(app, cookies, cartToken, body, idempotencyKey);
  const parsed = reply.statusCode < 300 ? (reply.json() as { orderNumber?: string }) : null;
  return { cartToken, idempotencyKey, reply, orderNumber: parsed?.orderNumber ?? null };
}

/** Presses a button on the sandbox's 3-D Secure ('complete' | 'fail') or PayPal ('approve' | 'cancel') page. */
export async function finishSandboxAction(app: FastifyInstance, url: string, outcome: 'complete' | 'fail' | 'approve' | 'cancel') {
  return app.inject({ method: 'POST', url, payload: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** The patient's placed order: a successful placeOrder with the default card, answering its number. */
export async function placedOrderNumber(app: FastifyInstance, cookies: string, options: PlaceOrderOptions = {}): Promise<string> {
  const placed = await placeOrder(app, cookies, options);
  expectStatus(placed.reply, 201, 'POST complete');
  return placed.orderNumber!;
}
