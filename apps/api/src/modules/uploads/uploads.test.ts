import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';
import { startS3Server } from '../../../test/support/s3';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patient = () => signedInPatient(ctx.app);

/** A JPEG carrying EXIF with a GPS position, as a phone camera writes it. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0a080' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

const send = (cookie: string, attachments: { name: string; body: string }[], path = '/shop-api/messages/category/I') =>
  ctx.app.inject({ method: 'POST', url: path, headers: { cookie }, payload: { name: 'Photo ID', attachments } });

describe('photo uploads', () => {
  it('keeps a real photo without its EXIF and location, and gives it back only to its owner', async () => {
    const owner = await patient();
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await send(owner, [{ name: 'passport.jpg', body: `data:image/jpeg;base64,${original.toString('base64')}` }]);
    expect(res.statusCode).toBe(201);
    const [{ url }] = res.json().uploads;

    const mine = await ctx.app.inject({ url, headers: { cookie: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const stored = await sharp(mine.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.width).toBe(64);

    const stranger = await ctx.app.inject({ url, headers: { cookie: await patient() } });
    expect(stranger.statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const res = await send(await patient(), [{ name: 'photo.jpg', body: Buffer.from('%PDF-1.7 not a photo').toString('base64') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'NOT_AN_IMAGE', message: 'This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC photo.' });
  });

  it("says 'No photos selected' when nothing is attached", async () => {
    const res = await send(await patient(), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('No photos selected');
  });

  it('takes hair-loss progress photos on the default endpoint, and needs a login', async () => {
    const photo = (await phonePhoto()).toString('base64');
    expect((await send(await patient(), [{ name: 'crown.jpg', body: photo }], '/shop-api/messages/hair-loss-progress')).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/messages/category/W', payload: { name: 'x', attachments: [{ name: 'a', body: photo }] } })).statusCode).toBe(401);
  });
});

describe('photo uploads kept in S3-compatible storage (FILE_STORAGE=s3, over HTTP)', () => {
  it('puts only the encrypted photo in the bucket and serves it back to its owner', async () => {
    const s3 = await startS3Server();
    const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, ...env } = s3.env;
    process.env.AWS_ACCESS_KEY_ID = AWS_ACCESS_KEY_ID;
    process.env.AWS_SECRET_ACCESS_KEY = AWS_SECRET_ACCESS_KEY;
    const bucketCtx = await createTestContext(env);
    try {
      const owner = await signedInPatient(bucketCtx.app);
      const res = await bucketCtx.app.inject({
        method: 'POST',
        url: '/shop-api/messages/category/I',
        headers: { cookie: owner },
        payload: { name: 'Photo ID', attachments: [{ name: 'passport.jpg', body: (await phonePhoto()).toString('base64') }] },
      });
      expect(res.statusCode).toBe(201);
      const [{ id, url }] = res.json().uploads;
      const served = await bucketCtx.app.inject({ url, headers: { cookie: owner } });
      expect(served.statusCode).toBe(200);

      const inBucket = (await s3.objects()).get(`uploads/${id}`);
      expect(inBucket).toBeDefined();
      // A JPEG starts with FF D8 FF and shows its bytes plainly; the bucket holds neither.
      expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(inBucket!.includes(served.rawPayload.subarray(0, 64))).toBe(false);
      expect(inBucket!.length).toBe(served.rawPayload.length + 12 + 16);
    } finally {
      await bucketCtx.close();
      await s3.close();
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});
