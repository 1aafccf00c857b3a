// Answers that make a patient eligible for weight-loss treatment, grouped by step as the quiz sends them.
const kg = (value, isTargetWeight) => ({ value, type: 'kg', preferredUnit: 'kg', isTargetWeight });

export const eligibleWeightLossAnswers = {
  measurements: { wl_bmi: { weight: [kg(100, false)], height: [{ value: 175, type: 'cm' }], bmi: 32.7 } },
  'date-of-birth': { wl_dob: '1985-04-12' },
  'about-you': { wl_sex: 'male' },
  ethnicity: { wl_ethnicity: 'white' },
  conditions: { wl_conditions: ['none'] },
  contraindications: { wl_contraindications: ['none'] },
  medicines: { wl_medicines: 'None' },
  'current-treatment': { wl_current_injection: 'none' },
  goals: { wl_goal_weight: { weight: [kg(80, true)] } },
};

const json = { 'content-type': 'application/json' };

/** Answers the whole consultation as a new browser and returns that browser's quiz-session cookie. */
export async function answeredSession(shop) {
  const res = await fetch(`${shop}/shop-api/medical-history-for-groups-by-slug/weight-loss?allowRecommendations=1`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify(eligibleWeightLossAnswers),
  });
  if (!res.ok) throw new Error(`consultation answered with ${res.status}: ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no quiz-session cookie was set');
  return cookie;
}

/** A cart holding this browser's eligible consultation, ready for prescription items. */
export async function cartWithConsultation(shop, cookie) {
  const created = await fetch(`${shop}/shop-api/carts`, { method: 'POST', headers: json, body: JSON.stringify({ channel: 'WEB_WL_UK' }) });
  const { tokenValue } = await created.json();
  const linked = await fetch(`${shop}/shop-api/checkout/${tokenValue}/medical_history_questionnaire`, {
    method: 'PUT',
    headers: { ...json, cookie },
    body: JSON.stringify({ questionnaireId: 1 }),
  });
  if (!linked.ok) throw new Error(`linking the consultation answered ${linked.status}: ${await linked.text()}`);
  return tokenValue;
}
