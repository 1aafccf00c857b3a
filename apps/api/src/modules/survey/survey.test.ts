import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_NOTHING_PICKED, SURVEY_TELL_US_MORE_MAX, SURVEY_TELL_US_MORE_TOO_LONG, SURVEY_UNKNOWN_ANSWER } from '@elmwood/domain';
import { customers } from '../../db/schema/customers';
import { acquisitionSurveyAnswers } from '../../db/schema/survey';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
});
afterAll(() => ctx.close());

const submit = (cookie: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/acquisition-survey', headers: cookie ? { cookie } : {}, payload: payload as object });
const status = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/shop-api/acquisition-survey', headers: { cookie } });
const answer = (selectedItems: unknown, tellUsMore?: unknown) => ({ heardFrom: { selectedItems, tellUsMore } });

async function answersOf(email: string) {
  const [customer] = await ctx.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return ctx.database.db.select().from(acquisitionSurveyAnswers).where(eq(acquisitionSurveyAnswers.customerId, customer!.id));
}

describe('POST /shop-api/acquisition-survey', () => {
  it("stores the patient's answer with the 'Other' text, and the done flag turns on", async () => {
    const email = 'survey-other@example.com';
    const cookie = await signedInPatient(ctx.app, { email });
    expect((await status(cookie)).json()).toEqual({ done: false });

    const res = await submit(cookie, answer(['instagram', 'other'], '  A leaflet at my GP  '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ done: true });
    expect((await status(cookie)).json()).toEqual({ done: true });
    const rows = await answersOf(email);
    expect(rows.map((row) => [row.selectedItems, row.tellUsMore])).toEqual([[['instagram', 'other'], 'A leaflet at my GP']]);
  });

  it('keeps one answer per patient, however many submits race', async () => {
    const email = 'survey-race@example.com';
    const cookie = await signedInPatient(ctx.app, { email });
    const replies = await Promise.all(['tv', 'podcast', 'tiktok', 'search-engine', 'youtube'].map((id) => submit(cookie, answer([id]))));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await answersOf(email)).toHaveLength(1);

    const later = await submit(cookie, answer(['facebook']));
    expect(later.statusCode).toBe(200);
    const rows = await answersOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.selectedItems).not.toEqual(['facebook']);
  });

  it("keeps each patient's answer apart", async () => {
    const first = await signedInPatient(ctx.app, { email: 'survey-first@example.com' });
    const second = await signedInPatient(ctx.app, { email: 'survey-second@example.com' });
    expect((await submit(first, answer(['tv']))).statusCode).toBe(201);
    expect((await status(second)).json()).toEqual({ done: false });
    expect((await submit(second, answer(['podcast']))).statusCode).toBe(201);
    expect((await answersOf('survey-second@example.com'))[0]!.selectedItems).toEqual(['podcast']);
  });

  it("drops free text given without 'Other'", async () => {
    const email = 'survey-no-other@example.com';
    const cookie = await signedInPatient(ctx.app, { email });
    expect((await submit(cookie, answer(['tv'], 'my address is 1 High Street'))).statusCode).toBe(201);
    expect((await answersOf(email))[0]!.tellUsMore).toBeNull();
  });

  it('needs a signed-in patient', async () => {
    const res = await submit(null, answer(['tv']));
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/acquisition-survey' })).statusCode).toBe(401);
  });

  it.each([
    ['nothing picked', answer([]), `body.heardFrom.selectedItems: ${SURVEY_NOTHING_PICKED}`],
    ['an answer not offered', answer(['radio']), `body.heardFrom.selectedItems.0: ${SURVEY_UNKNOWN_ANSWER}`],
    ['text over the limit', answer(['other'], 'a'.repeat(SURVEY_TELL_US_MORE_MAX + 1)), `body.heardFrom.tellUsMore: ${SURVEY_TELL_US_MORE_TOO_LONG}`],
  ])('refuses %s with a clear 400 and stores nothing', async (_case, payload, message) => {
    const email = `survey-bad-${Math.random().toString(36).slice(2)}@example.com`;
    const cookie = await signedInPatient(ctx.app, { email });
    const res = await submit(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await answersOf(email)).toHaveLength(0);
  });

  it('refuses a NUL or a broken Unicode character in the text, and a missing body', async () => {
    const cookie = await signedInPatient(ctx.app);
    expect((await submit(cookie, answer(['other'], 'a\u0000b'))).statusCode).toBe(400);
    expect((await submit(cookie, answer(['other'], 'a\ud800b'))).statusCode).toBe(400);
    expect((await submit(cookie, {})).statusCode).toBe(400);
    expect((await status(cookie)).json()).toEqual({ done: false });
  });
});
