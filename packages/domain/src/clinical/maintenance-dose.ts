import type { IsoDate } from '../delivery/calendar-date';
import type { ClinicalPolicy } from './policy';
import type { Sourced } from './sourced';

/**
 * What counts as a titrated weight-loss medicine's maintenance dose, for NICE's stopping rule ('6 months on the
 * maintenance dose'). A dose the licence names as the maintenance dose counts from its first supply; any other dose
 * counts once the prescriber has kept it (the highest tolerated dose NICE speaks of): supplied unchanged for the
 * clinic policy's `maintenanceDoseHeldSupplies` supplies in a row.
 */
export interface MaintenanceDoseRule extends Sourced {
  product: string;
  /** Variants the licence names as the maintenance dose; empty when it names no single one. */
  maintenanceVariants: readonly string[];
}

export const MAINTENANCE_DOSE_RULES: readonly MaintenanceDoseRule[] = [
  {
    product: 'WEGOVY',
    maintenanceVariants: ['WEGOVY-2-4MG'],
    source: 'Wegovy SmPC 4.2 (maintenance dose 2.4 mg weekly); clinic policy for a lower dose kept (maintenanceDoseHeldSupplies)',
    rationale:
      'The licence’s maintenance dose is 2.4 mg once weekly, reached after 16 weeks of escalation; a patient who does not tolerate it may be kept on a lower dose, which then counts as their maintenance dose once the prescriber has kept it.',
  },
  {
    product: 'MOUNJARO',
    maintenanceVariants: [],
    source: 'Mounjaro SmPC 4.2 (no single maintenance dose: 2.5 mg steps after at least 4 weeks, up to 15 mg); clinic policy (maintenanceDoseHeldSupplies)',
    rationale:
      'Mounjaro is kept at the dose that works and is tolerated, anywhere from 5 to 15 mg, so its maintenance dose is the one the prescriber keeps: the same dose supplied for the policy’s number of supplies in a row.',
  },
];

/** One approved supply of a medicine: what was supplied and the day it was for (a renewal's delivery date). */
export interface ApprovedSupply {
  productCode: string;
  variantCode: string;
  suppliedOn: IsoDate;
}

/**
 * The day the patient's current dose became their maintenance dose, from the supplies a prescriber approved: the
 * first of the unbroken run of supplies at the dose supplied last, when that dose is a maintenance dose or the run
 * is long enough to count as kept. Null while titrating (the last supply changed the dose), when the last supply is
 * of no titrated medicine, or when there is none. A switch of medicine starts again; other medicines are ignored.
 */
export function maintenanceDoseSince(supplies: readonly ApprovedSupply[], policy: Pick<ClinicalPolicy, 'maintenanceDoseHeldSupplies'>, rules: readonly MaintenanceDoseRule[] = MAINTENANCE_DOSE_RULES): IsoDate | null {
  const titrated = supplies
    .filter((supply) => rules.some((rule) => rule.product === supply.productCode))
    .sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : 0));
  const latest = titrated.at(-1);
  if (!latest) return null;
  let first = titrated.length - 1;
  while (first > 0 && titrated[first - 1]!.productCode === latest.productCode && titrated[first - 1]!.variantCode === latest.variantCode) first -= 1;
  const rule = rules.find((candidate) => candidate.product === latest.productCode)!;
  const held = titrated.length - first;
  if (!rule.maintenanceVariants.includes(latest.variantCode) && held < policy.maintenanceDoseHeldSupplies) return null;
  return titrated[first]!.suppliedOn;
}
