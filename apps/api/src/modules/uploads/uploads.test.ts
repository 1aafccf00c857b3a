import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';
import { startS3Server } from '../../../test/support/s3';
import { photoForm, type FormPhoto } from '../../../test/support/uploads';

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

async function send(cookie: string | null, photos: FormPhoto[], path = '/shop-api/messages/category/I', name = 'Photo ID') {
  const form = await photoForm({ name }, photos);
  return ctx.app.inject({ method: 'POST', url: path, headers: { ...(cookie ? { cookie } : {}), ...form.headers }, payload: form.payload });
}

describe('photo uploads', () => {
  it('keeps a real photo without its EXIF and location, and gives it back only to its owner', async () => {
    const owner = await patient();
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await send(owner, [{ name: 'passport.jpg', bytes: original }]);
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

  it('takes up to three photos, one per part', async () => {
    const photo = await phonePhoto();
    const three = await send(await patient(), ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => ({ name, bytes: photo })), '/shop-api/messages/hair-loss-progress');
    expect(three.statusCode).toBe(201);
    expect(three.json().uploads).toHaveLength(3);
    const four = await send(await patient(), ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) => ({ name, bytes: photo })), '/shop-api/messages/hair-loss-progress');
    expect(four.statusCode).toBe(413);
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const res = await send(await patient(), [{ name: 'photo.jpg', bytes: Buffer.from('%PDF-1.7 not a photo') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'NOT_AN_IMAGE', message: 'This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC photo.' });
  });

  it("says 'No photos selected' when nothing is attached", async () => {
    const res = await send(await patient(), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('No photos selected');
  });

  it('refuses a title or file name the database cannot store, naming the field', async () => {
    const photo = await phonePhoto();
    const title = await send(await patient(), [{ name: 'a.jpg', bytes: photo }], undefined, 'Photo\u0000ID');
    expect(title.statusCode).toBe(400);
    expect(title.json().details.issues[0].field).toBe('body.name');
    const fileName = await send(await patient(), [{ name: 'pass\u0000port.jpg', bytes: photo }]);
    expect(fileName.statusCode).toBe(400);
    expect(fileName.json().details.issues[0].field).toBe('body.attachments.0');
  });

  it('takes hair-loss progress photos on the default endpoint, and needs a login', async () => {
    const photo = await phonePhoto();
    expect((await send(await patient(), [{ name: 'crown.jpg', bytes: photo }], '/shop-api/messages/hair-loss-progress')).statusCode).toBe(201);
    expect((await send(null, [{ name: 'a.jpg', bytes: photo }], '/shop-api/messages/category/W')).statusCode).toBe(401);
  });

  it('takes only a multipart form: the old JSON body with base64 photos is refused unread', async () => {
    const photo = (await phonePhoto()).toString('base64');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/shop-api/messages/category/I',
      headers: { cookie: await patient() },
      payload: { name: 'Photo ID', attachments: [{ name: 'a.jpg', body: photo }] },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('NOT_A_FORM');
  });
});

describe('uploads over the wire', () => {
  /** UPLOAD_MAX_BYTES at its default (10 MB) and at its least (100 KB). */
  let server: TestContext;
  let defaultPort: number;
  let smallPort: number;
  let cookie: string;
  beforeAll(async () => {
    server = await createTestContext({ UPLOAD_MAX_BYTES: '100000' });
    for (const app of [ctx.app, server.app]) await app.listen({ port: 0, host: '127.0.0.1' });
    defaultPort = (ctx.app.server.address() as AddressInfo).port;
    smallPort = (server.app.server.address() as AddressInfo).port;
    cookie = await signedInPatient(server.app);
  });
  afterAll(() => server.close());

  const BOUNDARY = 'elmwood-test-boundary';
  const FORM_HEAD = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nProgress\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
  const CHUNK = Buffer.alloc(64 * 1024, 0xab);

  /**
   * Sends FORM_HEAD and then up to `total` bytes of one endless photo, a chunk at a time as the socket takes them,
   * and stops once the reply arrives: how much had gone by then shows whether the server waited for the body.
   */
  async function streamUpload(headers: Record<string, string>, total: number, port = smallPort) {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/shop-api/messages/hair-loss-progress', agent: false, headers: { 'content-type': FORM_TYPE, ...headers } });
    request.on('error', () => undefined); // the server may close the connection while the rest is still being sent
    let replied: { status: number; body: string; connection: string | undefined } | null = null;
    const reply = new Promise<void>((resolve) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => {
          replied = { status: response.statusCode!, body, connection: response.headers.connection };
          resolve();
        });
        response.on('error', () => resolve());
      });
      request.on('close', () => resolve());
    });
    let sent = 0;
    request.write(FORM_HEAD);
    while (sent < total && replied === null && !request.destroyed) {
      sent += CHUNK.length;
      if (!request.write(CHUNK)) await Promise.race([once(request, 'drain'), reply]);
    }
    if (replied === null && !request.destroyed) request.end();
    await reply;
    request.destroy();
    return { sent, reply: replied as { status: number; body: string; connection: string | undefined } | null };
  }

  it.each([FORM_TYPE, 'application/json'])('refuses an anonymous 38 MB upload (%s) before reading it, and closes the connection', async (type) => {
    const total = 38 * 1024 * 1024;
    const { sent, reply } = await streamUpload({ 'content-type': type, 'content-length': String(total + FORM_HEAD.length) }, total, defaultPort);
    expect(reply?.status).toBe(401);
    expect(reply?.connection).toBe('close');
    // Socket buffers take a few chunks before the reply can be seen; the server never waited for the 40 MB.
    expect(sent).toBeLessThan(total / 4);
  });

  it('refuses an upload that declares more than the photos may add up to without reading it', async () => {
    const total = 40 * 1024 * 1024;
    const { sent, reply } = await streamUpload({ cookie, 'content-length': String(total + FORM_HEAD.length) }, total);
    expect(reply?.status).toBe(413);
    expect(JSON.parse(reply!.body)).toEqual({ code: 'IMAGE_TOO_LARGE', message: 'This photo is too large. Please choose one under 100 KB.' });
    expect(sent).toBeLessThan(total / 4);
  });

  it('stops a signed-in upload as soon as a photo passes UPLOAD_MAX_BYTES while streaming (no declared length)', async () => {
    const total = 20 * 1024 * 1024;
    const { sent, reply } = await streamUpload({ cookie }, total);
    expect(reply?.status).toBe(413);
    expect(JSON.parse(reply!.body).code).toBe('IMAGE_TOO_LARGE');
    expect(reply?.connection).toBe('close');
    expect(sent).toBeLessThan(total / 4);
    // The server is still there for the patient's next request.
    const me = await server.app.inject({ url: '/shop-api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
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
      const form = await photoForm({ name: 'Photo ID' }, [{ name: 'passport.jpg', bytes: await phonePhoto() }]);
      const res = await bucketCtx.app.inject({
        method: 'POST',
        url: '/shop-api/messages/category/I',
        headers: { cookie: owner, ...form.headers },
        payload: form.payload,
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
