import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERROR } from '@elmwood/domain';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, TEST_ADDRESS, WEGOVY_MONTHLY } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { cartConsultations, carts, consultations } from '../../db/schema/index';
import { eligibleWeightLossAnswers, goalWeightAnswer } from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WL_PATCH = '/shop-api/medical-history-for-groups-by-slug/weight-loss';
const wl = (answers: Record<string, unknown>) => groupAnswers(weightLossQuestionnaire, answers);

/** A patient who answered the weight-loss consultation in this browser and ordered on it: their cookies and cart. */
async function orderedOnConsultation() {
  const account = await signedInPatient(ctx.app);
  const answered = await ctx.app.inject({ method: 'PATCH', url: WL_PATCH, payload: wl(eligibleWeightLossAnswers), headers: { cookie: account } });
  expect(answered.statusCode).toBe(200);
  const cookie = `${account}; ${cookieFrom(answered)}`;
  const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' }, headers: { cookie } });
  const cartToken = (created.json() as { tokenValue: string }).tokenValue;
  const { questionnaireId } = (await ctx.app.inject({ method: 'GET', url: '/shop-api/questionnaires/by-slug/weight-loss', headers: { cookie } })).json() as { questionnaireId: number };
  expect((await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${cartToken}/medical_history_questionnaire`, payload: { questionnaireId }, headers: { cookie } })).statusCode).toBe(200);
  expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${cartToken}/items`, payload: WEGOVY_MONTHLY, headers: { cookie } })).statusCode).toBe(201);
  expect((await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${cartToken}/address`, payload: { shippingAddress: TEST_ADDRESS }, headers: { cookie } })).statusCode).toBe(200);
  const placed = await placeOrder(ctx.app, cookie, { cartToken });
  expect(placed.reply.json()).toMatchObject({ status: 'placed' });
  return { cookie, cartToken, ordered: (answered.json() as { consultationId: string }).consultationId };
}

async function linkedConsultation(cartToken: string) {
  const [row] = await ctx.database.db
    .select({ consultation: consultations })
    .from(cartConsultations)
    .innerJoin(carts, eq(carts.id, cartConsultations.cartId))
    .innerJoin(consultations, eq(consultations.id, cartConsultations.consultationId))
    .where(eq(carts.token, cartToken));
  return row!.consultation;
}

describe('a consultation an order was placed on', () => {
  it('never changes: the patient’s next answer starts a new consultation from its answers, which later answers go on changing', async () => {
    const { cookie, cartToken, ordered } = await orderedOnConsultation();
    const record = await linkedConsultation(cartToken);
    expect(record.id).toBe(ordered);

    const changed = await ctx.app.inject({ method: 'PATCH', url: WL_PATCH, payload: wl({ wl_goal_weight: goalWeightAnswer(90) }), headers: { cookie } });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json() as { consultationId: string; answers: Record<string, unknown>; changedAnswers: string[] };
    expect(fresh.consultationId).not.toBe(ordered);
    expect(fresh.changedAnswers).toEqual(['wl_goal_weight']);
    expect(fresh.answers).toMatchObject({ wl_dob: eligibleWeightLossAnswers.wl_dob, wl_goal_weight: goalWeightAnswer(90) });

    const rejected = await ctx.app.inject({ method: 'PATCH', url: WL_PATCH, payload: wl({ wl_dob: '2015-01-01' }), headers: { cookie } });
    expect(rejected.json()).toMatchObject({ consultationId: fresh.consultationId, flags: { rejected: true } });
    const current = await ctx.app.inject({ method: 'GET', url: '/shop-api/questionnaires/by-slug/weight-loss', headers: { cookie } });
    expect(current.statusCode).toBe(200);

    const after = await linkedConsultation(cartToken);
    expect(after).toMatchObject({ id: ordered, answers: record.answers, outcome: record.outcome });
    expect(after.closedAt).toBeInstanceOf(Date);
  });

  it('stays linked to its order: deleting the placed cart answers 409 and keeps it', async () => {
    const { cookie, cartToken, ordered } = await orderedOnConsultation();
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/shop-api/carts/${cartToken}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: CART_ERROR.completed });
    expect((await linkedConsultation(cartToken)).id).toBe(ordered);
  });
});
