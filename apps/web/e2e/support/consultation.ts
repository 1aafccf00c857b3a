import { expect, type Page } from '@playwright/test';

const kg = (value: number, isTargetWeight: boolean) => ({ value, type: 'kg', preferredUnit: 'kg', isTargetWeight });

/** A woman who could become pregnant, not on the pill, who has acknowledged the Mounjaro contraception counselling. */
export const COULD_BECOME_PREGNANT = { wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'yes', wl_oral_contraception: 'no', wl_tirzepatide_counselling: ['understood'] };

/** The answers of an eligible weight-loss patient new to injections, by step; `without` leaves steps out. */
export function weightLossAnswers(without: readonly string[] = [], aboutYou: Record<string, unknown> = { wl_sex: 'male' }): Record<string, Record<string, unknown>> {
  const all: Record<string, Record<string, unknown>> = {
    measurements: { wl_bmi: { weight: [kg(100, false)], height: [{ value: 175, type: 'cm' }], bmi: 32.7 } },
    'date-of-birth': { wl_dob: '1985-04-12' },
    'about-you': aboutYou,
    ethnicity: { wl_ethnicity: 'white' },
    conditions: { wl_conditions: ['none'] },
    contraindications: { wl_contraindications: ['none'], wl_health_conditions: ['none'], wl_allergy: ['none'] },
    medicines: { wl_medicines: 'None', wl_medicine_classes: ['none'] },
    'current-treatment': { wl_current_injection: 'none' },
    goals: { wl_goal_weight: { weight: [kg(80, true)] } },
  };
  return Object.fromEntries(Object.entries(all).filter(([step]) => !without.includes(step)));
}

/** Answers the weight-loss consultation as an eligible patient (a man unless `aboutYou` says otherwise), in this page's browser (its quiz cookie). */
export async function answerWeightLossConsultation(page: Page, without: readonly string[] = [], aboutYou?: Record<string, unknown>): Promise<void> {
  const res = await page.request.patch('/shop-api/medical-history-for-groups-by-slug/weight-loss?allowRecommendations=1', { data: weightLossAnswers(without, aboutYou) });
  expect(res.status()).toBe(200);
  if (without.length === 0) expect((await res.json()).recommendations).toContain('WEGOVY');
}

/** From a finished consultation to the checkout with the recommended treatment in the cart. */
export async function startCheckout(page: Page): Promise<void> {
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  await page.getByRole('region', { name: 'Choose your treatment' }).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
}
