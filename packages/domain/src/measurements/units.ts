/** Unit conversions and BMI. Exact factors: 1 lb = 0.45359237 kg, 1 in = 2.54 cm. */
export const KG_PER_LB = 0.45359237;
export const LBS_PER_STONE = 14;
export const CM_PER_INCH = 2.54;
export const INCHES_PER_FOOT = 12;

export function stoneLbsToKg(stone: number, lbs = 0): number {
  return (stone * LBS_PER_STONE + lbs) * KG_PER_LB;
}

export function lbsToKg(lbs: number): number {
  return lbs * KG_PER_LB;
}

/** Splits kilograms into whole stone and pounds (pounds to one decimal, carried into stone at 14). */
export function kgToStoneLbs(kg: number): { stone: number; lbs: number } {
  const totalLbs = Math.round((kg / KG_PER_LB) * 10) / 10;
  let stone = Math.floor(totalLbs / LBS_PER_STONE);
  let lbs = Math.round((totalLbs - stone * LBS_PER_STONE) * 10) / 10;
  if (lbs >= LBS_PER_STONE) {
    stone += 1;
    lbs = 0;
  }
  return { stone, lbs };
}

export function feetInchesToCm(feet: number, inches = 0): number {
  return (feet * INCHES_PER_FOOT + inches) * CM_PER_INCH;
}

export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const totalInches = Math.round((cm / CM_PER_INCH) * 10) / 10;
  let feet = Math.floor(totalInches / INCHES_PER_FOOT);
  let inches = Math.round((totalInches - feet * INCHES_PER_FOOT) * 10) / 10;
  if (inches >= INCHES_PER_FOOT) {
    feet += 1;
    inches = 0;
  }
  return { feet, inches };
}

/** BMI = kg / m². Returns null when either value cannot give a meaningful figure. */
export function bmi(weightKg: number, heightCm: number): number | null {
  if (!(weightKg > 0) || !(heightCm > 0)) return null;
  const metres = heightCm / 100;
  return weightKg / (metres * metres);
}

/** BMI as shown to patients and stored: one decimal place. */
export function roundBmi(value: number): number {
  return Math.round(value * 10) / 10;
}

/** '14 st 2 lb' or '90.2 kg', in the patient's chosen unit. */
export function formatWeight(kg: number, unit: 'kg' | 'st-lbs'): string {
  if (unit === 'kg') return `${Math.round(kg * 10) / 10} kg`;
  // Whole pounds first, then stone: 13.5 lb rounds up into the next stone rather than showing '14 lb'.
  const totalLbs = Math.round(kg / KG_PER_LB);
  return `${Math.floor(totalLbs / LBS_PER_STONE)} st ${totalLbs % LBS_PER_STONE} lb`;
}
