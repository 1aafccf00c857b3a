import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { QUESTIONNAIRE_STEP_SUBMITTED } from '@elmwood/domain';
import { cookieFrom } from '../../../test/support/consultation';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { analyticsEvents } from '../../db/schema/index';
import { hashSecretToken } from '../../lib/secret-token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/analytics-events', payload: payload as object, headers });
const eventsNamed = (name: string) => ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventName, name));

describe('POST /shop-api/analytics-events', () => {
  it('stores a step-submitted event with the quiz session it came from', async () => {
    const quiz = await ctx.app.inject({
      method: 'PATCH',
      url: '/shop-api/medical-history-for-groups-by-slug/hair-loss',
      payload: { 'about-you': { hl_sex: 'male' } },
    });
    const cookie = cookieFrom(quiz)!;
    const data = {
      type: 'unsure',
      taxon: 'hair-loss',
      questionnaire_id: 3,
      questionnaire_name: 'Hair loss consultation',
      step_id: 'about-you',
      step_answers: { hl_sex: 'male' },
      step_name: 'About you',
    };
    const res = await post({ eventName: QUESTIONNAIRE_STEP_SUBMITTED, data }, { cookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await eventsNamed(QUESTIONNAIRE_STEP_SUBMITTED);
    expect(row).toMatchObject({ data, sessionHash: hashSecretToken(cookie.split('=')[1]!) });
  });

  it('stores an event from a browser without a quiz session, with no session', async () => {
    expect((await post({ eventName: 'exit_poll.shown' })).statusCode).toBe(204);
    const [row] = await eventsNamed('exit_poll.shown');
    expect(row).toMatchObject({ data: {}, sessionHash: null });
  });

  it('refuses data over 16 KB with 400', async () => {
    const res = await post({ eventName: 'Task Shown', data: { blob: 'x'.repeat(17 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EVENT_TOO_LARGE');
    expect(await eventsNamed('Task Shown')).toEqual([]);
  });

  it.each([
    ['no event name', { data: {} }],
    ['an empty event name', { eventName: '' }],
    ['data that is a list', { eventName: 'x', data: [1, 2] }],
    ['a NUL character', { eventName: 'Task\u0000Shown' }],
    ['a NUL character in a key', { eventName: 'x', data: { 'a\u0000': 1 } }],
  ])('answers 400 to %s', async (_name, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
  });

  it('answers 4xx, never 500, to malformed JSON or a huge body', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/shop-api/analytics-events',
      payload: '{"eventName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const huge = await post({ eventName: 'x', data: { blob: 'x'.repeat(200 * 1024) } });
    expect(huge.statusCode).toBe(413);
  });
});
