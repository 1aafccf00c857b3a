import { eq } from 'drizzle-orm';
import type { GpConsents } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { gpDetails } from '../../db/schema/customers';

/**
 * The patient's GP consents as recorded; null when they have not answered. An answer from before the two were
 * asked apart (no consents recorded) gave consentGiven alone, which meant consent to inform the GP.
 */
export async function gpConsentsOf(db: Pick<Db, 'select'>, customerId: number): Promise<GpConsents | null> {
  const [row] = await db.select({ consentGiven: gpDetails.consentGiven, consents: gpDetails.consents }).from(gpDetails).where(eq(gpDetails.customerId, customerId));
  if (!row) return null;
  if (!row.consents) return { informGp: row.consentGiven, verifyHistory: false };
  const given = (kind: string) => row.consents!.some((consent) => consent.kind === kind && consent.given);
  return { informGp: given('informGp'), verifyHistory: given('verifyHistory') };
}
