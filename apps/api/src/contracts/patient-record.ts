import type { GpConsents, OrderReview } from '@elmwood/domain';
import type { Db, Queryable } from '../db/client';

/**
 * A patient's weights as other modules read them (the weight module's `weightRecord` answers, handed in where the
 * modules are composed): the review's measurements, the GP letter's BMI, the account's goal, the check-in's start.
 */
export interface WeightRecord {
  /** Every measurement, oldest first, with its BMI where a height is known. */
  history(db: Queryable, customerId: number): Promise<OrderReview['measurements']>;
  /** The patient's goal and the first weight they gave. */
  goals(db: Queryable, customerId: number): Promise<{ goalWeightKg: number | null; startingWeightKg: number | null }>;
  /** The first weight the patient gave, in kg; null before any. */
  initialKg(db: Pick<Queryable, 'select'>, customerId: number): Promise<number | null>;
}

/** What the patient agreed the clinic may do with their GP (the gp module's `gpConsentsOf`); null before they said. */
export type GpConsentsOf = (db: Pick<Db, 'select'>, customerId: number) => Promise<GpConsents | null>;
