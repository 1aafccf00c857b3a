import { monthsPerDelivery, type Frequency } from '../catalog/frequency';
import type { FrequencyOption } from '../catalog/pricing';
import { lowestMonthlyPrice } from '../catalog/pricing';
import type { ProductVariant } from '../catalog/product';
import { formatPrice, type Pence } from '../money/money';
import { planMonthPrice, RECURRING_GIFT_MONTHS, TITRATION_MONTHS, type DoseStep } from '../recommendations/dosage-table';

/*
 * Every price a patient reads outside the dosage table: two decimals always ('£149.00'), as SPEC §9 says; only the
 * dosage table's first row drops them (dosage-table.ts). A one-off purchase never reads 'a month', and a pack sold
 * only once (the free trial) is never offered as a monthly price.
 */

/** '£149.00 a month'; a quarterly plan adds what each delivery bills; a one-off says so. */
export function optionPriceText(option: Pick<FrequencyOption, 'freq' | 'price' | 'discountedPrice' | 'pricePerMonth'>): string {
  const paid = option.discountedPrice ?? option.price;
  if (option.freq === 1) return `${formatPrice(paid)} one-off`;
  const months = monthsPerDelivery(option.freq);
  return months === 1 ? `${formatPrice(option.pricePerMonth)} a month` : `${formatPrice(option.pricePerMonth)} a month, billed ${formatPrice(paid)} every ${months} months`;
}

/**
 * A treatment's 'from' price: the lowest monthly cost among the doses sold on subscription (in stock ones when
 * any are); a treatment sold only once reads as a one-off price. Null when nothing has a price.
 */
export function fromPriceText(variants: readonly ProductVariant[]): string | null {
  const inStock = variants.filter((variant) => variant.inStock);
  const candidates = inStock.length > 0 ? inStock : variants;
  const subscribed = candidates.filter((variant) => variant.prices.some((price) => price.freq !== 1));
  const monthly = lowestMonthlyPrice(subscribed.map((variant) => ({ ...variant, prices: variant.prices.filter((price) => price.freq !== 1) })));
  if (monthly !== null) return `From ${formatPrice(monthly)} a month`;
  const oneOff = lowestMonthlyPrice(candidates);
  return oneOff === null ? null : `From ${formatPrice(oneOff)} one-off`;
}

/** The period after a floating bar's price: 'first month' for a plan (SPEC §9), 'one-off' for a single purchase. */
export function pricePeriodText(frequency: Frequency): string {
  return frequency === 1 ? 'one-off' : 'first month';
}

export const NOTHING_CHARGED_UNTIL_APPROVED = 'Nothing is charged until a clinician approves your treatment. If it is not approved, the hold is released and you pay nothing.';
export const FREE_ORDER_NOTE = 'Your discounts cover this order: nothing is held on your card and nothing is charged.';
export const CANCEL_SUBSCRIPTION_TEXT =
  'You can cancel before any later payment from your account or by contacting our team; nothing more is charged once you cancel.';

/** What the patient's card (or PayPal account) is asked for now: an authorisation, a hold, not a charge. */
export function authorisedNowText(total: Pence): string {
  return total > 0 ? `${formatPrice(total)} held today, not charged` : 'Nothing to pay today';
}

export interface LaterPayment {
  /** 'Month 2', 'Month 4 onwards'; for quarterly plans 'Months 4–6', 'Every 3 months from month 7'. */
  label: string;
  dosage: string;
  amount: Pence;
}

/** The price and dose of one month of the plan (1-based), following the dosage table from the starting dose. */
function monthOfPlan(steps: readonly DoseStep[], start: number, month: number, gift: boolean): { dosage: string; price: Pence } {
  // Titration steps up month by month to the table's last row and holds; a higher (optional) starting dose holds.
  const last = Math.min(steps.length, TITRATION_MONTHS) - 1;
  const index = start >= last ? start : Math.min(start + month - 1, last);
  const step = steps[index]!;
  return { dosage: step.dosage, price: planMonthPrice(step.price, month, gift) };
}

/**
 * The payments after the first on a subscription, each with its dose and price from the dosage table (the table's
 * monthly prices, the recurring-discount gift when the patient's bucket has it), until the price stops changing;
 * the last one then repeats. Empty for a one-off or a dose that is no step of the table.
 */
export function laterPayments({ steps, startDosage, frequency, gift }: { steps: readonly DoseStep[]; startDosage: string; frequency: Frequency; gift: boolean }): LaterPayment[] {
  const start = steps.findIndex((step) => step.dosage === startDosage);
  if (frequency === 1 || start < 0) return [];
  const months = monthsPerDelivery(frequency);
  // After both the titration and the gift's months, every month is the same.
  const settledFrom = Math.max(TITRATION_MONTHS, ...RECURRING_GIFT_MONTHS) + 1;
  const payments: LaterPayment[] = [];
  for (let delivery = 2; ; delivery += 1) {
    const first = (delivery - 1) * months + 1;
    const covered = Array.from({ length: months }, (_, offset) => monthOfPlan(steps, start, first + offset, gift));
    payments.push({
      label: months === 1 ? `Month ${first}` : `Months ${first}–${first + months - 1}`,
      dosage: [...new Set(covered.map((month) => month.dosage))].join(', '),
      amount: covered.reduce((sum, month) => sum + month.price, 0),
    });
    if (first >= settledFrom) break;
  }
  // From the first settled payment on, every payment is the same: the run of equal ones at the end is one 'onwards'.
  while (payments.length > 1 && same(payments.at(-1)!, payments.at(-2)!)) payments.pop();
  const last = payments.at(-1)!;
  const lastFirstMonth = payments.length * months + 1;
  last.label = months === 1 ? `Month ${lastFirstMonth} onwards` : `Every ${months} months from month ${lastFirstMonth}`;
  return payments;
}

function same(a: LaterPayment, b: LaterPayment): boolean {
  return a.amount === b.amount && a.dosage === b.dosage;
}

/** One line of the cart as the price terms need it. */
export interface TermsLine {
  productName: string;
  dosage: string;
  frequency: Frequency;
  /** What this line costs in the order being placed (after its discounts). */
  firstPayment: Pence;
  /** The product's dose steps at this frequency (dosage-table.ts doseSteps); empty when not known. */
  steps: readonly DoseStep[];
}

export interface LineTerms {
  productName: string;
  /** 'Monthly subscription: £149.00 now, then each month's price follows your dose:' and the like. */
  summary: string;
  later: LaterPayment[];
}

/**
 * What each line of the order commits the patient to: a one-off is paid once; a free one (the trial pack, which
 * its promotion pays for) costs nothing and never renews; a subscription lists each later payment by dose, and how to cancel follows it.
 */
export function lineTerms(line: TermsLine, { gift }: { gift: boolean }): LineTerms {
  const now = formatPrice(line.firstPayment);
  if (line.frequency === 1) {
    return {
      productName: line.productName,
      summary: line.firstPayment === 0 ? 'One-off, free: nothing to pay, and nothing renews.' : `One-off purchase: ${now}, paid once. Nothing renews.`,
      later: [],
    };
  }
  const later = laterPayments({ steps: line.steps, startDosage: line.dosage, frequency: line.frequency, gift });
  const plan = line.frequency === 90 ? 'Quarterly subscription, delivered every 3 months' : 'Monthly subscription';
  if (later.length === 0) return { productName: line.productName, summary: `${plan}: ${now} for the first delivery, then the same each time unless your dose changes.`, later };
  const varies = new Set(later.map((payment) => payment.amount)).size > 1 || later[0]!.amount !== line.firstPayment;
  return {
    productName: line.productName,
    summary: varies ? `${plan}: ${now} for the first delivery, then each payment follows your dose:` : `${plan}: ${now} for the first delivery, then:`,
    later,
  };
}

/** The sentence for one later payment: 'Month 2: £169.00 (0.5 mg)'. */
export function laterPaymentText(payment: LaterPayment): string {
  return `${payment.label}: ${formatPrice(payment.amount)} (${payment.dosage})`;
}
