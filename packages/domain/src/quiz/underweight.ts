/** NHS definition of underweight (NHS 'BMI calculator'; NICE CG189 1.2): a BMI below 18.5. */
export const UNDERWEIGHT_BMI = 18.5;

export function isUnderweight(bmi: number | null | undefined): boolean {
  return typeof bmi === 'number' && bmi < UNDERWEIGHT_BMI;
}
