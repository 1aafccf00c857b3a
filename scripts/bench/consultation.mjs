// Answers that make a patient eligible for weight-loss treatment, grouped by step as the quiz sends them.
const kg = (value, isTargetWeight) => ({ value, type: 'kg', preferredUnit: 'kg', isTargetWeight });

/** The goals step with another target weight each time, so that every save the bench sends changes the answers. */
export const goalsAnswer = (targetKg) => ({ goals: { wl_goal_weight: { weight: [kg(targetKg, true)] } } });

export const eligibleWeightLossAnswers = {
  measurements: { wl_bmi: { weight: [kg(100, false)], height: [{ value: 175, type: 'cm' }], bmi: 32.7 } },
  'date-of-birth': { wl_dob: '1985-04-12' },
  'about-you': { wl_sex: 'male' },
  ethnicity: { wl_ethnicity: 'white' },
  conditions: { wl_conditions: ['none'] },
  contraindications: { wl_contraindications: ['none'], wl_health_conditions: ['none'], wl_allergy: ['none'] },
  medicines: { wl_medicines: 'None', wl_medicine_classes: ['none'] },
  'current-treatment': { wl_current_injection: 'none' },
  goals: { wl_goal_weight: { weight: [kg(80, true)] } },
};

const json = { 'content-type': 'application/json' };

/** Answers the whole consultation as a new browser (or a signed-in one's `cookie`) and returns that browser's quiz-session cookie. */
export async function answeredSession(shop, signedIn) {
  const res = await fetch(`${shop}/shop-api/medical-history-for-groups-by-slug/weight-loss?allowRecommendations=1`, {
    method: 'PATCH',
    headers: signedIn ? { ...json, cookie: signedIn } : json,
    body: JSON.stringify(eligibleWeightLossAnswers),
  });
  if (!res.ok) throw new Error(`consultation answered with ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((set) => set.split(';')[0]).find((pair) => pair.startsWith('quiz_session='));
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

/** Every Set-Cookie of a reply as the `name=value; …` a browser sends back. */
function cookiesOf(res) {
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const SANDBOX_PUBLIC_KEY = 'pk_sbx_elmwood_health_test';

/**
 * Signs a new patient up as the browser does: the form (202), then the code emailed to them (`mail`: the bench's
 * mail sink) with the sign-up's cookie. Answers the signed-in session's cookies.
 */
export async function signedUp(shop, email, mail, { codeTimeoutMs } = {}) {
  const sentAt = Date.now();
  const started = await fetch(`${shop}/shop-api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ firstName: 'Alex', lastName: 'Smith', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-01-01', agreeTermsAndPrivacy: true }),
  });
  if (started.status !== 202) throw new Error(`signup answered ${started.status}: ${await started.text()}`);
  const code = await mail.codeFor(email, codeTimeoutMs, sentAt);
  const confirmed = await fetch(`${shop}/shop-api/register/confirm`, { method: 'POST', headers: { ...json, cookie: cookiesOf(started) }, body: JSON.stringify({ email, code }) });
  if (confirmed.status !== 201) throw new Error(`signup confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  return cookiesOf(confirmed);
}

/**
 * A new signed-up patient with a cart ready to pay for, through the HTTP API as the browser fills it: the
 * consultation answered eligible and linked, Wegovy added, the address set, a sandbox card tokenised. Answers what
 * POST /checkout/{token}/complete needs, and the patient's email.
 */
export async function readyCheckout(shop, index, mail, email = `bench-${Date.now()}-${index}@example.com`, signUpOptions = {}) {
  const signedIn = await signedUp(shop, email, mail, signUpOptions);
  const quiz = await answeredSession(shop, signedIn);
  const cookie = `${signedIn}; ${quiz}`;
  const send = async (method, path, body, expected) => {
    const res = await fetch(`${shop}${path}`, { method, headers: { ...json, cookie }, body: JSON.stringify(body) });
    if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { tokenValue } = await send('POST', '/shop-api/carts', { channel: 'WEB_WL_UK' }, 201);
  await send('PUT', `/shop-api/checkout/${tokenValue}/medical_history_questionnaire`, { questionnaireId: 1 }, 200);
  await send('POST', `/shop-api/carts/${tokenValue}/multiple-items`, { items: [{ productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30 }] }, 201);
  const shippingAddress = { firstName: 'Alex', lastName: 'Smith', company: '1 Elm Street', street: '', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB', phoneNumber: '07700900123' };
  await send('PUT', `/shop-api/checkout/${tokenValue}/address`, { shippingAddress }, 200);
  const card = await fetch(`${shop}/sandbox-gateway/tokens`, {
    method: 'POST',
    headers: { ...json, authorization: SANDBOX_PUBLIC_KEY },
    body: JSON.stringify({ type: 'card', number: '4242424242424242', expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvv: '123', name: 'Alex Smith' }),
  });
  if (card.status !== 201) throw new Error(`card token answered ${card.status}: ${await card.text()}`);
  return { email, cookie, cart: tokenValue, cardToken: (await card.json()).token };
}
