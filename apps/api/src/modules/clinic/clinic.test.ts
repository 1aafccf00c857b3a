import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, staffAccessLog } from '../../db/schema/customers';
import { DEMO_CLINICIAN_EMAIL, seedDemoClinician } from '../../seed/staff';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookiesOf } from '../../../test/support/patients';
import { signedInPatientWithId } from '../../../test/support/account';
import { photoForm } from '../../../test/support/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patient = () => signedInPatientWithId(ctx.app, ctx.database.db);

async function uploadedPhoto(cookie: string): Promise<string> {
  const bytes = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#445566' } }).png().toBuffer();
  const form = await photoForm({ name: 'Photo ID' }, [{ name: 'id.png', bytes, type: 'image/png' }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/shop-api/messages/category/I', headers: { cookie, ...form.headers }, payload: form.payload });
  return res.json().uploads[0].id;
}

describe('GET /shop-api/clinic/uploads/{id}', () => {
  it("lets a clinician read a patient's photo, logging the access first; a patient gets 404 there and on another's photo", async () => {
    const owner = await patient();
    const id = await uploadedPhoto(owner.cookie);
    const clinician = await patient();
    await ctx.database.db.update(customers).set({ role: 'clinician' }).where(eq(customers.id, clinician.customerId));

    const read = await ctx.app.inject({ url: `/shop-api/clinic/uploads/${id}`, headers: { cookie: clinician.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(read.rawPayload).metadata()).format).toBe('jpeg');
    const log = await ctx.database.db.select().from(staffAccessLog).where(eq(staffAccessLog.patientId, owner.customerId));
    expect(log).toMatchObject([{ staffId: clinician.customerId, patientId: owner.customerId, resource: 'upload', resourceId: id }]);

    const other = await patient();
    expect((await ctx.app.inject({ url: `/shop-api/clinic/uploads/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/shop-api/clinic/uploads/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/shop-api/uploads/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/shop-api/clinic/uploads/${id}` })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(staffAccessLog).where(eq(staffAccessLog.patientId, owner.customerId))).toHaveLength(1);
  });

  it('answers 404 to staff for a photo that does not exist, and logs nothing', async () => {
    const pharmacist = await patient();
    await ctx.database.db.update(customers).set({ role: 'pharmacist' }).where(eq(customers.id, pharmacist.customerId));
    const res = await ctx.app.inject({ url: '/shop-api/clinic/uploads/00000000-0000-4000-8000-000000000000', headers: { cookie: pharmacist.cookie } });
    expect(res.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(staffAccessLog).where(eq(staffAccessLog.staffId, pharmacist.customerId))).toEqual([]);
  });
});

describe('the demo clinician', () => {
  it('signs in with the configured password and reads a photo as staff', async () => {
    await seedDemoClinician(ctx.database.db, 'first-demo-password');
    await seedDemoClinician(ctx.database.db, 'second-demo-password');
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: DEMO_CLINICIAN_EMAIL, _password: password } });
    expect((await login('first-demo-password')).statusCode).toBe(401);
    const signedIn = await login('second-demo-password');
    expect(signedIn.statusCode).toBe(200);
    const id = await uploadedPhoto((await patient()).cookie);
    expect((await ctx.app.inject({ url: `/shop-api/clinic/uploads/${id}`, headers: { cookie: cookiesOf(signedIn) } })).statusCode).toBe(200);
  });
});
