import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartSchema, type Cart } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { cookiesOf, signedUpReply, signupBody } from '../../../test/support/patients';
import { cartItems, carts, productVariants } from '../../db/schema/index';
import { hairLossQuestionnaire } from '../../seed/data/questionnaires/hair-loss';
import { eligibleHairLossAnswers, eligibleWeightLossAnswers } from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, cookie?: string | null) =>
  ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });
const cartOf = (res: { json(): unknown }): Cart => cartSchema.parse(res.json());
const lines = (cart: Cart) => cart.items.map((item) => `${item.variant.code}@${item.frequency}`).sort();

const shampoo = (frequency = 30) => ({ productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency });
const multivitamin = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 };
const minoxidil = { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 };
const wegovy = { productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30 };
const mounjaro = { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-2-5MG', frequency: 30 };
const address = { firstName: 'Alex', lastName: 'Smith', company: '1 High Street', city: 'Leeds', postcode: 'LS1 4AP' };

async function newCart(cookie?: string | null, coupon?: string): Promise<string> {
  return (await call('POST', '/shop-api/carts', { channel: 'WEB_WL_UK', ...(coupon ? { couponCode: coupon } : {}) }, cookie)).json().tokenValue;
}
async function addAll(token: string, items: object[], cookie?: string | null): Promise<void> {
  for (const item of items) expect((await call('POST', `/shop-api/carts/${token}/items`, item, cookie)).statusCode).toBe(201);
}
const CONSULTATIONS = {
  'weight-loss': { questionnaire: weightLossQuestionnaire, answers: eligibleWeightLossAnswers, questionnaireId: 1 },
  'hair-loss': { questionnaire: hairLossQuestionnaire, answers: eligibleHairLossAnswers, questionnaireId: 3 },
} as const;
/** A browser's eligible consultation (weight loss unless told), linked to the cart. */
async function consultFor(token: string, cookie?: string | null, slug: keyof typeof CONSULTATIONS = 'weight-loss'): Promise<void> {
  const { questionnaire, answers, questionnaireId } = CONSULTATIONS[slug];
  const res = await call('PATCH', `/shop-api/medical-history-for-groups-by-slug/${slug}`, groupAnswers(questionnaire, answers));
  const quiz = cookieFrom(res)!;
  const both = cookie ? `${cookie}; ${quiz}` : quiz;
  expect((await call('PUT', `/shop-api/checkout/${token}/medical_history_questionnaire`, { questionnaireId }, both)).statusCode).toBe(200);
}
/** Minoxidil, a pharmacy medicine, with the hair-loss consultation it needs. */
async function minoxidilWithConsultation(token: string, cookie?: string | null): Promise<void> {
  await consultFor(token, cookie, 'hair-loss');
  await addAll(token, [minoxidil], cookie);
}

/** A patient with an earlier cart of their own, built by `fill` while signed in; answers their credentials and that cart. */
async function patientWithEarlierCart(fill: (token: string, session: string) => Promise<void>) {
  const body = signupBody();
  const session = cookiesOf(await signedUpReply(ctx.app, body));
  const earlier = await newCart(session);
  await fill(earlier, session);
  // The earlier cart becomes theirs the way the checkout makes it theirs: its address step.
  expect((await call('PUT', `/shop-api/checkout/${earlier}/address`, { shippingAddress: address }, session)).statusCode).toBe(200);
  return { body, earlier, session };
}
const login = (body: ReturnType<typeof signupBody>, cartToken: string) =>
  call('POST', '/shop-api/login', { _username: body.email, _password: body.plainPassword, cartToken });

describe('after login the anonymous cart merges with the patient’s earlier cart', () => {
  it('the anonymous cart’s lines win their slots, the earlier cart’s other lines carry over, its coupon gives way, and it is gone', async () => {
    const { body, earlier, session } = await patientWithEarlierCart(async (token, cookie) => {
      await addAll(token, [shampoo(30), multivitamin], cookie);
      await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'WELCOME20' }, cookie);
    });
    const anonymous = await newCart(null, 'SAVE10');
    await addAll(anonymous, [shampoo(90)]);

    const signedIn = cookiesOf(await login(body, anonymous));
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, signedIn));
    expect(lines(merged)).toEqual(['DAILY-MULTIVITAMIN-30@30', 'POWER-SHAMPOO-250ML@90']);
    expect(merged.couponCode).toBe('SAVE10');
    expect(merged.shippingAddress).toMatchObject({ company: '1 High Street', postcode: 'LS1 4AP' });
    expect((await call('GET', `/shop-api/carts/${earlier}`, undefined, session)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(carts).where(eq(carts.token, earlier))).toEqual([]);
    // Nobody else can read the merged cart.
    expect((await call('GET', `/shop-api/carts/${anonymous}`)).statusCode).toBe(404);
  });

  it('keeps the earlier coupon when the anonymous cart has none', async () => {
    const { body } = await patientWithEarlierCart(async (token, cookie) => {
      await addAll(token, [shampoo()], cookie);
      await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'HAIR50' }, cookie);
    });
    const anonymous = await newCart();
    await addAll(anonymous, [multivitamin]);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(await login(body, anonymous))));
    expect(merged.couponCode).toBe('HAIR50');
    expect(lines(merged)).toEqual(['DAILY-MULTIVITAMIN-30@30', 'POWER-SHAMPOO-250ML@30']);
  });

  it('carries a prescribed medicine over with the consultation that allows it', async () => {
    const { body } = await patientWithEarlierCart(async (token, cookie) => {
      await consultFor(token, cookie);
      await addAll(token, [wegovy], cookie);
    });
    const anonymous = await newCart();
    await addAll(anonymous, [shampoo()]);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(await login(body, anonymous))));
    expect(lines(merged)).toEqual(['POWER-SHAMPOO-250ML@30', 'WEGOVY-0-25MG@30']);
    expect(merged.consultations).toEqual(['weight-loss']);
  });

  it('lets a newer consultation’s medicine replace the older one, and drops an older medicine its newer consultation does not back', async () => {
    const { body } = await patientWithEarlierCart(async (token, cookie) => {
      await consultFor(token, cookie);
      await addAll(token, [wegovy], cookie);
      await minoxidilWithConsultation(token, cookie);
    });
    const anonymous = await newCart();
    await consultFor(anonymous);
    await addAll(anonymous, [mounjaro]);
    const signedIn = cookiesOf(await login(body, anonymous));
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, signedIn));
    // The pharmacy medicine comes with the hair-loss consultation that allows it; the weight-loss one stays the newer.
    expect(lines(merged)).toEqual(['MINOXIDIL-5PCT-60ML@30', 'MOUNJARO-2-5MG@30']);
    expect([...merged.consultations].sort()).toEqual(['hair-loss', 'weight-loss']);
    const linked = await ctx.database.db.execute(
      `select count(*)::int as n from cart_consultations cc join carts c on c.id = cc.cart_id where c.token = '${anonymous}'`,
    );
    expect((linked as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);

    // A newer consultation with no medicine chosen yet: the older cart's medicine is not carried over under it.
    const second = await patientWithEarlierCart(async (token, cookie) => {
      await consultFor(token, cookie);
      await addAll(token, [wegovy], cookie);
    });
    const undecided = await newCart();
    await consultFor(undecided);
    await addAll(undecided, [shampoo()]);
    const result = cartOf(await call('GET', `/shop-api/carts/${undecided}`, undefined, cookiesOf(await login(second.body, undecided))));
    expect(lines(result)).toEqual(['POWER-SHAMPOO-250ML@30']);
  });

  it('leaves out a pharmacy medicine when a newer hair-loss consultation now decides on it, as for a prescribed one', async () => {
    const { body } = await patientWithEarlierCart(minoxidilWithConsultation);
    const anonymous = await newCart();
    await consultFor(anonymous, null, 'hair-loss');
    await addAll(anonymous, [multivitamin]);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(await login(body, anonymous))));
    expect(lines(merged)).toEqual(['DAILY-MULTIVITAMIN-30@30']);
    expect(merged.consultations).toEqual(['hair-loss']);
  });

  it('never brings in a pharmacy medicine without a consultation that allows it (a line put there before the rule held)', async () => {
    const { body, earlier } = await patientWithEarlierCart((token, cookie) => addAll(token, [shampoo()], cookie));
    const db = ctx.database.db;
    const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.token, earlier));
    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, minoxidil.variantCode));
    await db.insert(cartItems).values({ cartId: cart!.id, variantId: variant!.id, frequency: 30, quantity: 1, slot: `variant:${variant!.id}` });
    const anonymous = await newCart();
    await addAll(anonymous, [multivitamin]);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(await login(body, anonymous))));
    expect(lines(merged)).toEqual(['DAILY-MULTIVITAMIN-30@30', 'POWER-SHAMPOO-250ML@30']);
    expect(merged.consultations).toEqual([]);
  });

  it('leaves a completed cart alone', async () => {
    const { body, earlier, session } = await patientWithEarlierCart(minoxidilWithConsultation);
    await ctx.database.db.update(carts).set({ completedAt: new Date() }).where(eq(carts.token, earlier));
    const anonymous = await newCart();
    await addAll(anonymous, [multivitamin]);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(await login(body, anonymous))));
    expect(lines(merged)).toEqual(['DAILY-MULTIVITAMIN-30@30']);
    expect(merged.shippingAddress).toBeNull();
    expect(lines(cartOf(await call('GET', `/shop-api/carts/${earlier}`, undefined, session)))).toEqual(['MINOXIDIL-5PCT-60ML@30']);
  });

  it('changes nothing for a cart someone else owns, or the patient’s own cart', async () => {
    const { body, earlier, session } = await patientWithEarlierCart(minoxidilWithConsultation);
    const other = cookiesOf(await signedUpReply(ctx.app, signupBody()));
    const theirs = await newCart(other);
    await addAll(theirs, [multivitamin], other);
    await call('PUT', `/shop-api/checkout/${theirs}/address`, { shippingAddress: address }, other);

    expect((await login(body, theirs)).statusCode).toBe(200);
    expect((await login(body, earlier)).statusCode).toBe(200);
    expect(lines(cartOf(await call('GET', `/shop-api/carts/${earlier}`, undefined, session)))).toEqual(['MINOXIDIL-5PCT-60ML@30']);
    expect(lines(cartOf(await call('GET', `/shop-api/carts/${theirs}`, undefined, other)))).toEqual(['DAILY-MULTIVITAMIN-30@30']);
  });

  it('loses no item added while the merge runs', async () => {
    const { body } = await patientWithEarlierCart(minoxidilWithConsultation);
    const anonymous = await newCart();
    const items = [shampoo(), multivitamin];
    const [signedIn, ...adds] = await Promise.all([
      login(body, anonymous),
      ...items.map((item) => call('POST', `/shop-api/carts/${anonymous}/items`, item)),
    ]);
    // An add the merge overtook finds the cart owned now and answers 404; every other add must be in the cart.
    const accepted = items.filter((_, index) => adds[index]!.statusCode === 201).map((item) => `${item.variantCode}@${item.frequency}`);
    for (const res of adds) expect([201, 404]).toContain(res.statusCode);
    const merged = cartOf(await call('GET', `/shop-api/carts/${anonymous}`, undefined, cookiesOf(signedIn!)));
    expect(lines(merged)).toEqual(['MINOXIDIL-5PCT-60ML@30', ...accepted].sort());
  });
});
