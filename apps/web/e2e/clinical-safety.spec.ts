import { expect, test, type Page } from '@playwright/test';
import { TIRZEPATIDE_CONTRACEPTION_COUNSELLING } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { answerWeightLossConsultation } from './support/consultation';
import { leaveLoadingScreen } from './support/loading-screen';

const summary = (page: Page) => page.getByRole('region', { name: 'Choose your treatment' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** A date some days back, as a patient types it (DDMMYYYY). */
function typedDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  return `${String(date.getUTCDate()).padStart(2, '0')}${String(date.getUTCMonth() + 1).padStart(2, '0')}${date.getUTCFullYear()}`;
}

test.use({ reducedMotion: 'reduce' });

test('a patient new to weight-loss injections sees only the starting doses, and the shop refuses any other', async ({ page }) => {
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  await expect(summary(page).getByRole('radio', { name: /Wegovy/ })).toBeChecked();
  await expect(summary(page).getByRole('combobox', { name: 'Dose' })).toHaveCount(0);
  const dose = summary(page).getByRole('group', { name: 'Dose' });
  await expect(dose).toContainText('0.25 mg');
  await expect(dose).toContainText('It can only go up after a check-in');

  await summary(page).getByRole('radio', { name: /Mounjaro/ }).check();
  await expect(summary(page).getByRole('combobox', { name: 'Dose' })).toHaveCount(0);
  await expect(dose).toContainText('2.5 mg');
  await expect(dose).not.toContainText('15 mg');
  await expectNoAxeViolations(page, 'recommendations, starting dose only');

  // A direct call for Mounjaro 15 mg, as a script would make it, is refused with a clear message.
  const questionnaire = await (await page.request.get('/shop-api/questionnaires/by-slug/weight-loss')).json();
  const token: string = (await (await page.request.post('/shop-api/carts', { data: { channel: 'WEB_WL_UK' } })).json()).tokenValue;
  await page.request.put(`/shop-api/checkout/${token}/medical_history_questionnaire`, { data: { questionnaireId: questionnaire.questionnaireId } });
  const refused = await page.request.post(`/shop-api/carts/${token}/items`, { data: { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-15MG', frequency: 30 } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ code: 'DOSE_NOT_ALLOWED', message: expect.stringContaining('Patients new to a medicine start on the lowest dose') });
});

test('a continuing patient states their dose and last dose, is offered that dose, and is asked for their prescription after ordering', async ({ page }) => {
  test.slow();
  // Everything but the current treatment through the API; that step as the patient answers it.
  await answerWeightLossConsultation(page, ['current-treatment']);
  await page.goto('/n/weight-loss/quiz/8');
  await expect(page.getByRole('heading', { level: 1, name: 'Current treatment' })).toBeVisible();
  await page.getByRole('radio', { name: 'Mounjaro 10 mg' }).check();
  const lastDose = page.getByRole('textbox', { name: 'When did you take your last dose?' });
  await expect(lastDose).toBeVisible();
  // A date to come is refused with its reason.
  await lastDose.pressSequentially(typedDaysAgo(-3));
  await continueButton(page).click();
  await expect(lastDose).toHaveAccessibleDescription('The date of your last dose cannot be in the future. Please check the date.');
  await expectNoAxeViolations(page, 'current treatment with an error');
  await lastDose.fill('');
  await lastDose.pressSequentially(typedDaysAgo(6));
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your goal' })).toBeVisible();
  await continueButton(page).click();
  await leaveLoadingScreen(page);

  await expect(page).toHaveURL(/\/n\/weight-loss\/recommendations$/);
  await expect(summary(page).getByRole('radio', { name: /Mounjaro/ })).toBeChecked();
  await expect(summary(page).getByRole('group', { name: 'Dose' })).toContainText('10 mg');
  await expect(summary(page).getByRole('combobox', { name: 'Dose' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'recommendations, continuing dose');
  await summary(page).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
  await expect(page.getByText(/Mounjaro 10 mg/).first()).toBeVisible();

  await signUp(page, `continuing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await chooseAddressAndContinue(page);
  await field(page, 'Name on card').fill('Alex Smith');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date (MM/YY)').fill('12/30');
  await field(page, 'Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  await page.goto(`${page.url()}?experiment-critical-tasks-thank-you=web`);
  await expect(page.getByRole('heading', { level: 1, name: /^Almost done, Alex/ })).toBeVisible();
  const tasks = page.getByRole('list', { name: 'Tasks to complete' });
  await expect(tasks.getByText('Upload your previous prescription')).toBeVisible();
  await expectNoAxeViolations(page, 'thank-you page with the prescription task');

  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: /Upload your previous prescription/ }).click();
  await expect(page).toHaveURL(/\/account\/upload\/upload-prescription\?taskId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your previous prescription' })).toBeVisible();
  await expect(page.getByText(/Photograph your current prescription/)).toBeVisible();
  await expectNoAxeViolations(page, 'prescription photo page');
});

test('a woman who could become pregnant is shown the Mounjaro contraception counselling, on the pill or not, and must acknowledge it; one who cannot is not asked (MHRA 2025)', async ({ page }) => {
  const { title, acknowledgement } = TIRZEPATIDE_CONTRACEPTION_COUNSELLING;
  await answerWeightLossConsultation(page, ['about-you', 'current-treatment', 'goals']);
  await page.goto('/n/weight-loss/quiz/3');
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByRole('group', { name: 'Are you pregnant, breastfeeding or trying to conceive?' }).getByRole('radio', { name: 'No' }).check();
  const couldBecomePregnant = page.getByRole('group', { name: 'Could you become pregnant?' });
  const counselling = page.getByRole('group', { name: title });

  await couldBecomePregnant.getByRole('radio', { name: 'No', exact: true }).check();
  await expect(counselling).toHaveCount(0);
  await expect(page.getByRole('group', { name: /contraceptive pill/ })).toHaveCount(0);

  await couldBecomePregnant.getByRole('radio', { name: 'Yes, or I am not sure' }).check();
  await page.getByRole('group', { name: /contraceptive pill \(combined or progestogen-only\)/ }).getByRole('radio', { name: 'No' }).check();
  await expect(counselling).toContainText('for 4 weeks after you start, and for 4 weeks after each increase in your dose');
  await expect(counselling).toContainText('Mounjaro must not be used in pregnancy');
  await continueButton(page).click();
  await expect(counselling.getByRole('checkbox')).toHaveAccessibleDescription(/Required/);
  await expectNoAxeViolations(page, 'about you, contraception counselling');
  await page.screenshot({ path: test.info().outputPath('consultation-counselling.png'), fullPage: true });
  await counselling.getByRole('checkbox', { name: acknowledgement }).check();
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ethnic background' })).toBeVisible();
});
