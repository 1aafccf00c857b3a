import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';
import { photoForm } from '../../../test/support/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_RATE_LIMIT_PER_ACCOUNT: '2', UPLOAD_RATE_LIMIT_PER_ADDRESS: '3' });
});
afterAll(() => ctx.close());

const TOO_MANY = { code: 'TOO_MANY_UPLOADS', message: 'You have sent a lot of photos in the last hour. Please wait an hour and try again.' };

async function send(cookie: string, remoteAddress: string) {
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  const form = await photoForm({ name: 'Progress' }, [{ name: 'me.jpg', bytes: photo }]);
  return ctx.app.inject({ method: 'POST', url: '/shop-api/messages/hair-loss-progress', remoteAddress, headers: { cookie, ...form.headers }, payload: form.payload });
}

describe('upload limits', () => {
  it('refuses a patient past their uploads for the hour, with a message they can act on', async () => {
    const patient = await signedInPatient(ctx.app);
    const statuses = [];
    for (const address of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) statuses.push((await send(patient, address)).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await send(patient, '198.51.100.13');
    expect(refused.json()).toEqual(TOO_MANY);
  });

  it('refuses one network address past its uploads, whichever patient sends them', async () => {
    const address = '203.0.113.20';
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(await signedInPatient(ctx.app), address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
