import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questionnaireReplySchema, quizStateSchema, type QuizState } from '@elmwood/domain';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { consultations } from '../../db/schema/index';
import { erectileDysfunctionQuestionnaire } from '../../seed/data/questionnaires/erectile-dysfunction';
import {
  bmiAnswer,
  eligibleErectileDysfunctionAnswers,
  eligibleWeightLossAnswers,
  goalWeightAnswer,
} from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';
import { startQuizSession } from './session';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WL_PATCH = '/shop-api/medical-history-for-groups-by-slug/weight-loss';

function patch(url: string, payload: unknown, cookie?: string | null) {
  return ctx.app.inject({ method: 'PATCH', url, payload: payload as object, headers: cookie ? { cookie } : {} });
}
function get(url: string, cookie?: string | null) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
const state = (res: { json(): unknown }): QuizState => quizStateSchema.parse(res.json());
const wl = (answers: Record<string, unknown>) => groupAnswers(weightLossQuestionnaire, answers);

describe('GET /shop-api/questionnaires/by-slug/{slug}', () => {
  it.each([
    ['weight-loss', 1],
    ['erectile-dysfunction', 2],
    ['hair-loss', 3],
  ])('serves %s with its steps and rules', async (slug, id) => {
    const res = await get(`/shop-api/questionnaires/by-slug/${slug}`);
    expect(res.statusCode).toBe(200);
    const questionnaire = questionnaireReplySchema.parse(res.json());
    expect(questionnaire).toMatchObject({ questionnaireId: id, slug, hasAnswered: false });
    expect(questionnaire.steps.length).toBeGreaterThan(2);
    expect(questionnaire.rules.knockouts.length).toBeGreaterThan(2);
  });

  it('goes brotli-compressed to browsers that accept it', async () => {
    const res = await ctx.app.inject({ url: '/shop-api/questionnaires/by-slug/weight-loss', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(questionnaireReplySchema.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString()))).toMatchObject({ slug: 'weight-loss' });
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    const unknown = await get('/shop-api/questionnaires/by-slug/no-such-quiz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect((await get(`/shop-api/questionnaires/by-slug/${encodeURIComponent('Bad Slug!')}`)).statusCode).toBe(400);
  });
});

describe('the quiz session', () => {
  it('starts on the first answer with an httpOnly, SameSite=Lax, 90-day cookie, and stores only its hash', async () => {
    const res = await patch(WL_PATCH, wl({ wl_bmi: bmiAnswer(32) }));
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((candidate) => candidate.name === 'quiz_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 90 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await ctx.database.db
      .select({ sessionHash: consultations.sessionHash })
      .from(consultations)
      .where(eq(consultations.id, state(res).consultationId));
    expect(rows).toEqual([{ sessionHash: createHash('sha256').update(cookie.value).digest('hex') }]);
  });

  it('is Secure in production', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.get('/', async (_request, reply) => {
      startQuizSession(reply, true);
      return 'ok';
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.cookies[0]).toMatchObject({ name: 'quiz_session', secure: true, httpOnly: true, sameSite: 'Lax' });
    await app.close();
  });

  it('keeps answers across requests for the same browser, and shows them to no other', async () => {
    const first = await patch(WL_PATCH, wl({ wl_bmi: bmiAnswer(32) }));
    const cookie = cookieFrom(first)!;
    const second = await patch(WL_PATCH, wl({ wl_dob: '1985-04-12' }), cookie);
    expect(second.cookies).toEqual([]);
    const reply = state(second);
    expect(reply.consultationId).toBe(state(first).consultationId);
    expect(Object.keys(reply.answers).sort()).toEqual(['wl_bmi', 'wl_dob']);
    expect(reply.changedAnswers).toEqual(['wl_dob']);
    expect(reply.bmi).toBe(32);

    const mine = await get('/shop-api/medical-history-by-slug/weight-loss', cookie);
    expect(mine.statusCode).toBe(200);
    expect(state(mine).answers).toEqual(reply.answers);
    expect(mine.headers['cache-control']).toBe('no-store');

    const stranger = await get('/shop-api/medical-history-by-slug/weight-loss');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NO_CONSULTATION');
    const forged = await get('/shop-api/medical-history-by-slug/weight-loss', `quiz_session=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);

    const answered = await get('/shop-api/questionnaires/by-slug/weight-loss', cookie);
    expect(answered.json().hasAnswered).toBe(true);
    expect((await get('/shop-api/questionnaires/by-slug/hair-loss', cookie)).json().hasAnswered).toBe(false);
  });

  it('reports no change when the same answer is sent again, and clears an answer sent as null', async () => {
    const cookie = cookieFrom(await patch(WL_PATCH, wl({ wl_bmi: bmiAnswer(32), wl_dob: '1985-04-12' })));
    expect(state(await patch(WL_PATCH, wl({ wl_dob: '1985-04-12' }), cookie)).changedAnswers).toEqual([]);
    const cleared = state(await patch(WL_PATCH, wl({ wl_dob: null }), cookie));
    expect(cleared.changedAnswers).toEqual(['wl_dob']);
    expect(cleared.answers).not.toHaveProperty('wl_dob');
  });

  it('drops an answer to a question that no longer applies', async () => {
    const cookie = cookieFrom(await patch(WL_PATCH, wl({ wl_sex: 'female', wl_pregnancy: 'no' })));
    const changed = state(await patch(WL_PATCH, wl({ wl_sex: 'male' }), cookie));
    expect(changed.answers).toEqual({ wl_sex: 'male' });
    expect(changed.changedAnswers.sort()).toEqual(['wl_pregnancy', 'wl_sex']);
  });

  it('loses no answer when one browser saves several steps at once', async () => {
    const cookie = cookieFrom(await patch(WL_PATCH, wl({ wl_bmi: bmiAnswer(32) })));
    const steps = Object.entries(wl(eligibleWeightLossAnswers)).filter(([step]) => step !== 'measurements');
    const replies = await Promise.all(steps.map(([step, answers]) => patch(WL_PATCH, { [step]: answers }, cookie)));
    expect(replies.map((res) => res.statusCode)).toEqual(steps.map(() => 200));
    const final = state(await get('/shop-api/medical-history-by-slug/weight-loss', cookie));
    expect(Object.keys(final.answers).sort()).toEqual(Object.keys(eligibleWeightLossAnswers).sort());
  });
});

describe('PATCH /shop-api/medical-history-for-groups-by-slug/{slug}', () => {
  it('recommends Wegovy and Mounjaro to an eligible patient when asked to', async () => {
    const res = await patch(`${WL_PATCH}?allowRecommendations=1`, wl(eligibleWeightLossAnswers));
    expect(res.statusCode).toBe(200);
    const reply = state(res);
    expect(reply).toMatchObject({
      questionnaireId: 1,
      slug: 'weight-loss',
      bmi: 32,
      weight: 128,
      height: 200,
      eligibleProducts: ['WEGOVY', 'MOUNJARO'],
      ineligibleProducts: [],
      recommendations: ['WEGOVY', 'MOUNJARO'],
      rejection: null,
      flags: { complete: true, rejected: false },
      aliasMapping: {},
    });
    expect(reply.changedAnswers.sort()).toEqual(Object.keys(eligibleWeightLossAnswers).sort());
  });

  it('never recommends a signed-in patient a second medicine of the class they take (on Mounjaro: not Wegovy)', async () => {
    const onMounjaro = await signedInPatientWithId(ctx.app, ctx.database.db);
    await insertOrder(ctx.database.db, onMounjaro.customerId, { productCodes: ['MOUNJARO'], state: 'approved' });
    const answered = await patch(`${WL_PATCH}?allowRecommendations=1`, wl(eligibleWeightLossAnswers), onMounjaro.cookie);
    expect(state(answered).recommendations).toEqual(['MOUNJARO']);
    expect(state(await get('/shop-api/medical-history-by-slug/weight-loss', `${onMounjaro.cookie}; ${cookieFrom(answered)}`)).recommendations).toEqual(['MOUNJARO']);
    // A rejected order supplies nothing: both are offered again.
    const rejected = await signedInPatientWithId(ctx.app, ctx.database.db);
    await insertOrder(ctx.database.db, rejected.customerId, { productCodes: ['WEGOVY'], state: 'rejected' });
    expect(state(await patch(`${WL_PATCH}?allowRecommendations=1`, wl(eligibleWeightLossAnswers), rejected.cookie)).recommendations).toEqual(['WEGOVY', 'MOUNJARO']);
  });

  it('leaves recommendations out unless allowRecommendations=1, but still says who is eligible', async () => {
    const reply = state(await patch(WL_PATCH, wl(eligibleWeightLossAnswers)));
    expect(reply.recommendations).toEqual([]);
    expect(reply.eligibleProducts).toEqual(['WEGOVY', 'MOUNJARO']);
    const cookie = cookieFrom(await patch(WL_PATCH, wl(eligibleWeightLossAnswers)));
    expect(state(await get('/shop-api/medical-history-by-slug/weight-loss', cookie)).recommendations).toEqual(['WEGOVY', 'MOUNJARO']);
  });

  it('rejects at once on a knock-out answer, with its reason and the question to return to', async () => {
    const reply = state(await patch(`${WL_PATCH}?allowRecommendations=1`, wl({ wl_bmi: bmiAnswer(18) })));
    expect(reply.flags).toEqual({ complete: false, rejected: true });
    expect(reply.rejection).toEqual({
      ruleId: 'bmi-below-any-threshold',
      reason: expect.stringContaining('your BMI is below that level'),
      questionId: 'wl_bmi',
      questionIndex: 1,
      underweight: true,
    });
    expect(reply.eligibleProducts).toEqual([]);
    expect(reply.recommendations).toEqual([]);
  });

  it('answers 400 INVALID_ANSWER naming the question', async () => {
    const res = await patch(WL_PATCH, { 'about-you': { wl_sex: 'robot' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_ANSWER',
      message: 'Please choose one of the answers',
      details: { questionId: 'wl_sex', message: 'Please choose one of the answers' },
    });
    const bmi = await patch(WL_PATCH, { measurements: { wl_bmi: { weight: [{ value: 500, type: 'kg', preferredUnit: 'kg', isTargetWeight: false }] } } });
    expect(bmi.statusCode).toBe(400);
    expect(bmi.json().details.questionId).toBe('wl_bmi');
  });

  it('refuses a goal weight that is not below today’s weight, or that gives a BMI under 18.5, with a clear message', async () => {
    const { wl_goal_weight: _goal, ...rest } = eligibleWeightLossAnswers;
    const cookie = cookieFrom(await patch(WL_PATCH, wl(rest)));
    const above = await patch(WL_PATCH, { goals: { wl_goal_weight: goalWeightAnswer(130) } }, cookie);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      code: 'INVALID_ANSWER',
      message: 'Your goal weight needs to be less than your current weight. Please check both weights.',
      details: { questionId: 'wl_goal_weight', message: 'Your goal weight needs to be less than your current weight. Please check both weights.' },
    });
    const underweight = await patch(WL_PATCH, { goals: { wl_goal_weight: goalWeightAnswer(73.9) } }, cookie);
    expect(underweight.json()).toMatchObject({ code: 'INVALID_ANSWER', message: expect.stringContaining('BMI below 18.5') });
    const stored = state(await get('/shop-api/medical-history-by-slug/weight-loss', cookie));
    expect(stored.answers.wl_goal_weight).toBeUndefined();
    expect(state(await patch(`${WL_PATCH}?allowRecommendations=1`, { goals: { wl_goal_weight: goalWeightAnswer(74) } }, cookie)).flags.complete).toBe(true);
  });

  it('says which doses a new patient may start on', async () => {
    const reply = state(await patch(`${WL_PATCH}?allowRecommendations=1`, wl(eligibleWeightLossAnswers)));
    expect(reply.allowedVariants).toEqual({ WEGOVY: ['WEGOVY-0-25MG'], MOUNJARO: ['MOUNJARO-2-5MG'] });
  });

  it('answers 400 UNKNOWN_QUESTION for a question not in that step, and UNKNOWN_STEP for a step not in the questionnaire', async () => {
    const wrongStep = await patch(WL_PATCH, { 'about-you': { wl_dob: '1985-04-12' } });
    expect(wrongStep.statusCode).toBe(400);
    expect(wrongStep.json()).toMatchObject({ code: 'UNKNOWN_QUESTION', message: expect.stringContaining("'wl_dob'"), details: { questionId: 'wl_dob' } });
    const unknown = await patch(WL_PATCH, { 'about-you': { ed_sex: 'male' } });
    expect(unknown.json().code).toBe('UNKNOWN_QUESTION');
    const step = await patch(WL_PATCH, { 'no-such-step': { wl_sex: 'male' } });
    expect(step.statusCode).toBe(400);
    expect(step.json()).toMatchObject({ code: 'UNKNOWN_STEP', details: { stepId: 'no-such-step' } });
  });

  it('stores nothing and starts no session when an answer is refused', async () => {
    const res = await patch(WL_PATCH, { measurements: { wl_bmi: bmiAnswer(30) }, 'about-you': { wl_sex: 'robot' } });
    expect(res.statusCode).toBe(400);
    expect(res.cookies).toEqual([]);
  });

  it('answers 404 for an unknown questionnaire', async () => {
    expect((await patch('/shop-api/medical-history-for-groups-by-slug/no-such-quiz', {})).statusCode).toBe(404);
  });

  it.each([
    ['malformed JSON', '{"measurements": ', 'application/json'],
    ['an array', '[]', 'application/json'],
    ['a string', '"weight"', 'application/json'],
    ['a step that is not an object', '{"about-you": "male"}', 'application/json'],
    ['a NUL character', JSON.stringify({ medicines: { wl_medicines: 'none\u0000' } }), 'application/json'],
    ['a broken surrogate', '{"medicines": {"wl_medicines": "\\ud800"}}', 'application/json'],
  ])('answers 400, never 500, to %s', async (_name, body, type) => {
    const res = await ctx.app.inject({ method: 'PATCH', url: WL_PATCH, payload: body, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('PATCH /shop-api/medical-history-for-groups-by-ids', () => {
  const URL = '/shop-api/medical-history-for-groups-by-ids';

  it('saves answers keyed by id and replies with recommendations', async () => {
    const res = await patch(URL, { questionnaireId: 2, answers: eligibleErectileDysfunctionAnswers });
    expect(res.statusCode).toBe(200);
    const reply = state(res);
    expect(reply).toMatchObject({ slug: 'erectile-dysfunction', recommendations: ['SILDENAFIL', 'TADALAFIL'], bmi: null, weight: null });
    const cookie = cookieFrom(res);
    const viaSlug = await patch(
      '/shop-api/medical-history-for-groups-by-slug/erectile-dysfunction?allowRecommendations=1',
      groupAnswers(erectileDysfunctionQuestionnaire, { ed_medicines_taken: ['nitrates'] }),
      cookie,
    );
    expect(state(viaSlug).consultationId).toBe(reply.consultationId);
    expect(state(viaSlug).rejection).toMatchObject({ ruleId: 'nitrates', questionIndex: 9, reason: expect.stringContaining('nitrates') });
  });

  it('answers 404 for an unknown questionnaire and 400 for a question of another one', async () => {
    expect((await patch(URL, { questionnaireId: 99, answers: {} })).statusCode).toBe(404);
    const res = await patch(URL, { questionnaireId: 2, answers: { wl_sex: 'male' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_QUESTION');
    expect((await patch(URL, { questionnaireId: 'two', answers: {} })).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the quiz routes', async () => {
    const doc = (await get('/shop-api/docs/json')).json();
    for (const path of [
      '/shop-api/questionnaires/by-slug/{slug}',
      '/shop-api/medical-history-for-groups-by-slug/{slug}',
      '/shop-api/medical-history-for-groups-by-ids',
      '/shop-api/medical-history-by-slug/{slug}',
      '/shop-api/analytics-events',
      '/shop-api/stock_notifications',
      '/shop-api/carts',
      '/shop-api/carts/{token}',
      '/shop-api/carts/{token}/items',
      '/shop-api/carts/{token}/multiple-items',
      '/shop-api/carts/{token}/items/{itemId}',
      '/shop-api/checkout/{token}/medical_history_questionnaire',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
