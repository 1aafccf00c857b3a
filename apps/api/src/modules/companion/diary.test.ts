import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, type Diary, type DiaryEntryReply } from '@elmwood/domain';
import { notifications } from '../../db/schema/notifications';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { renewalShop } from '../../../test/support/renewal-shop';

const shop = renewalShop({}, new Date('2026-12-01T10:00:00Z'));

const entry = (patient: Patient, payload: object, key: string = randomUUID()) =>
  shop.ctx.app.inject({ method: 'POST', url: '/shop-api/side-effect-diary', headers: { cookie: patient.cookie, 'idempotency-key': key }, payload });
const openItems = (customerId: number) =>
  shop
    .db()
    .select()
    .from(urgentClinicalItems)
    .where(and(eq(urgentClinicalItems.customerId, customerId), isNull(urgentClinicalItems.closedAt)));
const patient = () => signedInPatientWithId(shop.ctx.app, shop.db());

describe('the side-effect diary', () => {
  it('a severe side effect with a red flag: one urgent item, and the patient is told at once what to do', async () => {
    shop.at('2026-12-01', '10:00');
    const sam = await patient();
    const reply = await entry(sam, { symptom: 'vomiting', severity: 'severe', occurredOn: '2026-12-01', redFlags: ['no-fluids'], note: 'Since my dose on Sunday.' });
    expect(reply.statusCode, reply.body).toBe(201);
    const body = reply.json<DiaryEntryReply>();
    expect(body.outcome).toBe('urgent');
    expect(body.instructions).toEqual([
      { ruleId: 'side-effect-cannot-keep-fluids-down', text: expect.stringContaining('Keep sipping water. Call NHS 111 or your GP today'), contact: '111' },
      { ruleId: 'side-effect-reported-severe', text: expect.stringContaining('Do not take another dose until we have spoken'), contact: '111' },
    ]);
    expect(body.advice).toBeNull();
    // Same-day contact: 4 calling hours from 10:00 UK time.
    expect(body.contactBy).toBe('2026-12-01T14:00:00.000Z');

    const items = await openItems(sam.customerId);
    expect(items).toHaveLength(1);
    expect(items[0]!.rules.map((rule) => rule.ruleId)).toEqual(['side-effect-cannot-keep-fluids-down', 'side-effect-reported-severe']);
    expect(items[0]!.answers).toEqual(
      expect.arrayContaining([
        { question: 'Side effect (diary)', answer: 'Being sick (vomiting)' },
        { question: 'Warning signs', answer: 'Being sick so often that you cannot keep fluids down' },
        { question: 'Anything else?', answer: 'Since my dose on Sunday.' },
      ]),
    );
    const [mail] = await shop.db().select().from(notifications).where(and(eq(notifications.customerId, sam.customerId), eq(notifications.template, 'side-effect-logged')));
    expect(mail!.data).toMatchObject({ ruleIds: ['side-effect-cannot-keep-fluids-down', 'side-effect-reported-severe'], contactBy: body.contactBy });

    // A second severe entry joins the open item: still one.
    await entry(sam, { symptom: 'abdominal-pain', severity: 'severe', occurredOn: '2026-12-01', redFlags: ['severe-abdominal-pain'] });
    const after = await openItems(sam.customerId);
    expect(after).toHaveLength(1);
    expect(after[0]!.rules.map((rule) => rule.ruleId)).toContain('side-effect-possible-pancreatitis');
  });

  it('the same entry sent twice with one key is one entry and one item', async () => {
    const ali = await patient();
    const key = randomUUID();
    const first = (await entry(ali, { symptom: 'headache', severity: 'severe', occurredOn: '2026-12-01' }, key)).json<DiaryEntryReply>();
    const again = (await entry(ali, { symptom: 'headache', severity: 'severe', occurredOn: '2026-12-01' }, key)).json<DiaryEntryReply>();
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.instructions).toEqual(first.instructions);
    expect((await shop.ctx.app.inject({ url: '/shop-api/side-effect-diary', headers: { cookie: ali.cookie } })).json<Diary>().entries).toHaveLength(1);
    expect(await openItems(ali.customerId)).toHaveLength(1);
  });

  it('a mild common one gets the advice, sourced to the leaflets, and raises nothing', async () => {
    const jo = await patient();
    const body = (await entry(jo, { symptom: 'nausea', severity: 'mild', occurredOn: '2026-12-01' })).json<DiaryEntryReply>();
    expect(body).toMatchObject({ outcome: 'self-care', instructions: [], contactBy: null });
    expect(body.advice?.advice).toContain('Eat smaller meals, slowly, and stop when you feel full.');
    expect(body.advice?.source).toMatch(/patient information leaflets/);
    expect(await openItems(jo.customerId)).toEqual([]);
  });

  it('a moderate one for 14 days asks for a prescriber’s review, once for the stretch', async () => {
    const kim = await patient();
    const day = (offset: number) => addDays('2026-12-01', offset);
    for (const offset of [0, 7]) {
      shop.at(day(offset));
      expect((await entry(kim, { symptom: 'diarrhoea', severity: 'moderate', occurredOn: day(offset) })).json<DiaryEntryReply>().outcome).toBe('self-care');
    }
    // Day 13 is not yet two weeks.
    shop.at(day(13));
    expect((await entry(kim, { symptom: 'diarrhoea', severity: 'moderate', occurredOn: day(13) })).json<DiaryEntryReply>().outcome).toBe('self-care');
    expect(await openItems(kim.customerId)).toEqual([]);

    shop.at(day(14));
    const review = (await entry(kim, { symptom: 'diarrhoea', severity: 'moderate', occurredOn: day(14) })).json<DiaryEntryReply>();
    expect(review.outcome).toBe('review');
    expect(review.instructions[0]!.text).toMatch(/asked a prescriber to look at your diary/);
    const items = await openItems(kim.customerId);
    expect(items).toHaveLength(1);
    expect(items[0]!.rules).toEqual([expect.objectContaining({ ruleId: 'side-effect-moderate-two-weeks', level: 'review', source: expect.stringMatching(/clinic policy/) })]);

    // The stretch goes on: not asked again.
    shop.at(day(20));
    expect((await entry(kim, { symptom: 'diarrhoea', severity: 'moderate', occurredOn: day(20) })).json<DiaryEntryReply>().outcome).toBe('self-care');
    expect((await openItems(kim.customerId))[0]!.rules).toHaveLength(1);
  });

  it('is the patient’s own, and refuses a date that is not one in words', async () => {
    shop.at('2026-12-01');
    const owner = await patient();
    await entry(owner, { symptom: 'constipation', severity: 'mild', occurredOn: '2026-12-01' });
    const other = await patient();
    expect((await shop.ctx.app.inject({ url: '/shop-api/side-effect-diary', headers: { cookie: other.cookie } })).json<Diary>().entries).toEqual([]);
    const future = await entry(owner, { symptom: 'constipation', severity: 'mild', occurredOn: '2026-12-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json().details.issues[0]).toMatchObject({ field: 'body.occurredOn', message: 'The date cannot be in the future.' });
    const missing = await entry(owner, { occurredOn: '2026-12-01' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.issues.map((issue: { message: string }) => issue.message)).toEqual(['Please choose the side effect.', 'Please choose how bad it is.']);
    expect((await entry(owner, { symptom: 'nausea', severity: 'mild', occurredOn: '2026-02-30' })).statusCode).toBe(400);
    expect((await shop.ctx.app.inject({ method: 'POST', url: '/shop-api/side-effect-diary', payload: { symptom: 'nausea', severity: 'mild', occurredOn: '2026-12-01' } })).statusCode).toBe(401);
  });
});
