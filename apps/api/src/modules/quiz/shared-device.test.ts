import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations } from '../../db/schema/quiz';
import { customers } from '../../db/schema/customers';
import { bmiAnswer } from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { cookiesOf, signedUpReply, signupBody } from '../../../test/support/patients';

/*
 * One device, two people: the consultation the first took belongs to them from sign-in, and leaves the device with
 * them at logout; the next person to sign in there never sees it or links it to their cart.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const answer = (cookie?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/shop-api/medical-history-for-groups-by-slug/weight-loss',
    headers: cookie ? { cookie } : {},
    payload: groupAnswers(weightLossQuestionnaire, { wl_bmi: bmiAnswer(31) }),
  });
const myAnswers = (cookie: string) => ctx.app.inject({ url: '/shop-api/medical-history-by-slug/weight-loss', headers: { cookie } });
const ownerOf = async (consultationId: string) =>
  (
    await ctx.database.db
      .select({ email: customers.email })
      .from(consultations)
      .leftJoin(customers, eq(customers.id, consultations.customerId))
      .where(eq(consultations.id, consultationId))
  )[0]?.email ?? null;

describe('a consultation on a shared device', () => {
  it("becomes the patient's at signup, and its cookie is cleared by the logout reply", async () => {
    const started = await answer();
    expect(started.statusCode).toBe(200);
    const quizCookie = cookieFrom(started)!;
    const consultationId = started.json().consultationId as string;
    expect(await ownerOf(consultationId)).toBeNull();

    const body = signupBody();
    const signedUp = await signedUpReply(ctx.app, body, { cookie: quizCookie });
    expect(await ownerOf(consultationId)).toBe(body.email);
    // The patient's own session goes on with their consultation.
    expect(cookieFrom(signedUp)).toBeNull();

    const out = await ctx.app.inject({ method: 'POST', url: '/shop-api/logout', headers: { cookie: `${cookiesOf(signedUp)}; ${quizCookie}` } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((cookie) => cookie.name === 'quiz_session');
    expect(cleared?.value).toBe('');
  });

  it("gives the next person to sign in on the device a fresh quiz session, not the last patient's answers", async () => {
    const started = await answer();
    const quizCookie = cookieFrom(started)!;
    const firstBody = signupBody();
    await signedUpReply(ctx.app, firstBody, { cookie: quizCookie });

    // Someone else signs in on the same browser, which still holds the first patient's quiz cookie.
    const second = signupBody();
    await signedUpReply(ctx.app, second);
    const login = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', headers: { cookie: quizCookie }, payload: { _username: second.email, _password: second.plainPassword } });
    expect(login.statusCode).toBe(200);
    const freshQuiz = cookieFrom(login);
    expect(freshQuiz).not.toBeNull();
    expect(freshQuiz).not.toBe(quizCookie);
    expect((await myAnswers(`${cookiesOf(login)}; ${freshQuiz}`)).statusCode).toBe(404);

    // Their cart cannot take the first patient's consultation.
    const cart = (await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', headers: { cookie: cookiesOf(login) }, payload: { channel: 'WEB_WL_UK' } })).json();
    const linked = await ctx.app.inject({
      method: 'PUT',
      url: `/shop-api/checkout/${cart.tokenValue}/medical_history_questionnaire`,
      headers: { cookie: `${cookiesOf(login)}; ${freshQuiz}` },
      payload: { questionnaireId: 1 },
    });
    expect(linked.statusCode).toBe(404);

    // The first patient, back on their device, still has theirs.
    const again = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', headers: { cookie: quizCookie }, payload: { _username: firstBody.email, _password: firstBody.plainPassword } });
    expect(again.statusCode).toBe(200);
    expect(cookieFrom(again)).toBeNull();
    expect((await myAnswers(`${cookiesOf(again)}; ${quizCookie}`)).statusCode).toBe(200);
  });
});
