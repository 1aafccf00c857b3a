import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { TASK_CODES } from '@elmwood/domain';
import { answerWeightLossConsultation } from './consultation';
import { registerPatient } from './patients';

export const PATIENT_PASSWORD = 'correct horse battery';

/**
 * A patient with a fresh weight-loss order, made through the shop's API as the checkout makes it: consultation,
 * cart, account, address, then payment with a card tokenised at the sandbox provider. Leaves the page signed in.
 */
export async function placeWeightLossOrder(
  page: Page,
  email: string,
  {
    consult = true,
    firstName = 'Alex',
    lastName = 'Smith',
    productSlug = 'wegovy',
    variantCode,
    aboutYou,
  }: {
    consult?: boolean;
    firstName?: string;
    lastName?: string;
    productSlug?: 'wegovy' | 'mounjaro';
    /** Default: the starting dose. */
    variantCode?: string;
    /** The consultation's 'About you' answers (default a man). */
    aboutYou?: Record<string, unknown>;
  } = {},
): Promise<{ orderNumber: string }> {
  const api = page.request;
  const registered = await registerPatient(api, { firstName, lastName, email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1985-04-12', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  // Without `consult`, the consultation this browser already answered is the one ordered from.
  if (consult) await answerWeightLossConsultation(page, [], aboutYou);
  const questionnaire = await (await api.get('/shop-api/questionnaires/by-slug/weight-loss')).json();
  const product = await (await api.get(`/shop-api/products/by-slug/${productSlug}?channel=WEB_WL_UK`)).json();

  const cart = await api.post('/shop-api/carts', { data: { channel: 'WEB_WL_UK' } });
  expect(cart.status()).toBe(201);
  const token: string = (await cart.json()).tokenValue;
  const linked = await api.put(`/shop-api/checkout/${token}/medical_history_questionnaire`, { data: { questionnaireId: questionnaire.questionnaireId } });
  expect(linked.ok()).toBe(true);
  const item = await api.post(`/shop-api/carts/${token}/items`, { data: { productCode: product.code, variantCode: variantCode ?? product.variants[0].code, frequency: 30 } });
  expect(item.ok()).toBe(true);
  const address = await api.put(`/shop-api/checkout/${token}/address`, {
    data: { shippingAddress: { firstName: 'Alex', lastName: 'Smith', company: 'Flat 3, Oak House', street: '12 High Street', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' } },
  });
  expect(address.ok()).toBe(true);

  const config = await (await api.get('/shop-api/payment/config')).json();
  const card = await api.post(config.tokensUrl, {
    headers: { Authorization: config.publicKey },
    data: { type: 'card', number: '4242424242424242', expiry_month: 12, expiry_year: new Date().getFullYear() + 3, cvv: '100', name: 'Alex Smith' },
  });
  expect(card.status()).toBe(201);
  const completed = await api.post(`/shop-api/checkout/${token}/complete`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { mode: 'NEW_CARD', token: (await card.json()).token },
  });
  expect(completed.status()).toBe(201);
  const result = await completed.json();
  expect(result.status).toBe('placed');
  return { orderNumber: result.orderNumber };
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/** The photo ID and full-length photo a weight-loss order waits for, sent as the upload page sends them. */
export async function sendCriticalPhotos(page: Page, { prescription = false }: { /** A continuing patient's previous prescription (category P) too. */ prescription?: boolean } = {}): Promise<void> {
  const photos = [
    ['I', 'Photo ID', 'photo-id.png', 'image/png'],
    ['W', 'Full-length photo', 'full-length.jpg', 'image/jpeg'],
    ...(prescription ? ([['P', 'Previous prescription', 'full-length.jpg', 'image/jpeg']] as const) : []),
  ] as const;
  // The prescription photo answers its own task (given to a continuing patient's order), named by its id.
  const tasks: { id: string; taskDefinition: { code: string } }[] = prescription ? await (await page.request.get('/shop-api/tasks')).json() : [];
  const prescriptionTask = tasks.find((task) => task.taskDefinition.code === TASK_CODES.prescriptionPhoto)?.id;
  if (prescription) expect(prescriptionTask, 'the prescription task').toBeDefined();
  for (const [category, name, file, mimeType] of photos) {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { name, attachments: { name: file, mimeType, buffer: fixture(file) } };
    if (category === 'P') multipart.taskId = prescriptionTask!;
    const sent = await page.request.post(`/shop-api/messages/category/${category}`, { multipart });
    expect(sent.status()).toBe(201);
  }
}
