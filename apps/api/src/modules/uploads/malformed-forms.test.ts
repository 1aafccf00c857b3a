import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
let patient: string;
beforeAll(async () => {
  ctx = await createTestContext();
  patient = await signedInPatient(ctx.app);
});
afterAll(() => ctx.close());

const send = (url: string, payload: string, boundary = 'XyZ') =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: patient, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });

const NOT_READABLE = {
  code: 'MALFORMED_FORM',
  message: 'The photo form could not be read: it was cut short or is not a well-formed multipart/form-data form. Please send it again.',
};

describe('a malformed photo form', () => {
  it.each([
    ['a body without a single part', '/shop-api/messages/category/S', 'garbage--'],
    [
      'a part that never ends',
      '/shop-api/messages/hair-loss-progress',
      '--XyZ\r\nContent-Disposition: form-data; name="attachments"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 and no closing boundary',
    ],
    ['a field that never ends', '/shop-api/messages/category/I', '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nProgress'],
    ['part headers that never end', '/shop-api/messages/category/W', '--XyZ\r\nContent-Disposition: form-data; name="name"'],
  ])('answers 400 with a clear message for %s', async (_case, url, payload) => {
    const reply = await send(url, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(NOT_READABLE);
  });

  it('answers 400 for a form type without a boundary', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/shop-api/messages/category/S',
      headers: { cookie: patient, 'content-type': 'multipart/form-data; charset=utf-8' },
      payload: 'garbage--',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(NOT_READABLE);
  });
});
