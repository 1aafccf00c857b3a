import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GP_CONSENT_WORDING } from '@elmwood/domain';
import { customers, gpDetails } from '../../db/schema/customers';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patient = () => signedInPatient(ctx.app);
const submit = (cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie }, payload });

const practice = { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'ls1 4ap' };

describe('POST /shop-api/customers/patient-gp-info', () => {
  it('records the practice once; a second submit answers 409', async () => {
    const cookie = await patient();
    expect((await submit(cookie, practice)).statusCode).toBe(201);
    const again = await submit(cookie, practice);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GP_DETAILS_EXIST');
  });

  it('accepts a skip, and checks the form fields with the spec messages', async () => {
    expect((await submit(await patient(), { consentGiven: false })).statusCode).toBe(201);
    const bad = await submit(await patient(), { ...practice, postCode: 'LS1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues).toEqual([{ field: 'body.postCode', message: 'Please enter a valid UK Postcode' }]);
  });

  it('keeps the NHS ODS code of a practice chosen from the directory, and refuses one that is not a code', async () => {
    const email = `gp-ods-${Date.now()}@example.com`;
    const cookie = await signedInPatient(ctx.app, { email });
    const bad = await submit(cookie, { ...practice, odsCode: 'B86 101; drop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues).toEqual([{ field: 'body.odsCode', message: 'Please choose your practice again' }]);
    expect((await submit(cookie, { ...practice, odsCode: 'b86101' })).statusCode).toBe(201);
    const [stored] = await ctx.database.db
      .select({ odsCode: gpDetails.odsCode, practiceName: gpDetails.practiceName })
      .from(gpDetails)
      .innerJoin(customers, eq(customers.id, gpDetails.customerId))
      .where(eq(customers.email, email));
    expect(stored).toEqual({ odsCode: 'B86101', practiceName: 'Riverside Surgery' });
  });

  it('records the two consents apart, each with its exact wording and time, and the practice email', async () => {
    const email = `gp-consents-${Date.now()}@example.com`;
    const cookie = await signedInPatient(ctx.app, { email });
    const inconsistent = await submit(cookie, { ...practice, consents: { informGp: false, verifyHistory: false } });
    expect(inconsistent.statusCode).toBe(400);
    const before = Date.now();
    expect((await submit(cookie, { ...practice, email: 'riverside.surgery@nhs.example', consents: { informGp: false, verifyHistory: true } })).statusCode).toBe(201);
    const [customer] = await ctx.database.db.select().from(customers).where(eq(customers.email, email));
    const [row] = await ctx.database.db.select().from(gpDetails).where(eq(gpDetails.customerId, customer!.id));
    expect(row!.email).toBe('riverside.surgery@nhs.example');
    expect(row!.consents).toEqual([
      { kind: 'informGp', wording: GP_CONSENT_WORDING.informGp, given: false, at: expect.any(String) },
      { kind: 'verifyHistory', wording: GP_CONSENT_WORDING.verifyHistory, given: true, at: expect.any(String) },
    ]);
    expect(new Date(row!.consents![0]!.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('needs a login', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', payload: practice })).statusCode).toBe(401);
  });
});
