import { expect, test } from '@playwright/test';
import { PLAN_MESSAGES, TIRZEPATIDE_CONTRACEPTION_COUNSELLING } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { COULD_BECOME_PREGNANT } from './support/consultation';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { approveThroughApi } from './support/staff';

test('asking for a higher dose of Mounjaro shows the contraception counselling to a patient who could become pregnant, who must tick it first (MHRA 2025)', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const { orderNumber } = await placeWeightLossOrder(page, `dose-counselling-${Date.now()}-${test.info().project.name}@example.com`, { productSlug: 'mounjaro', aboutYou: COULD_BECOME_PREGNANT });
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });
  const home = await (await page.request.get('/shop-api/account/home')).json();
  const subscriptionId: string = home.activeTreatments[0].subscriptionId;

  await page.goto(`/account/plan/${subscriptionId}`);
  await page.getByRole('region', { name: 'Manage your plan' }).getByRole('button', { name: 'Change dose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change dose' });
  await expect(dialog.getByRole('radio', { name: /2\.5 mg/ })).toBeChecked();
  await expect(dialog.getByRole('region', { name: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.title })).toHaveCount(0);

  await dialog.getByRole('radio', { name: /^5 mg/ }).check();
  const counselling = dialog.getByRole('region', { name: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.title });
  await expect(counselling).toContainText('for 4 weeks after each increase in your dose');
  await dialog.getByRole('button', { name: 'Save dose' }).click();
  await expect(dialog.getByText(PLAN_MESSAGES.counselling)).toBeVisible();
  await expectNoAxeViolations(page, 'dose change with the contraception counselling');
  await page.screenshot({ path: test.info().outputPath('dose-counselling.png'), fullPage: true });

  await counselling.getByRole('checkbox', { name: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.acknowledgement }).check();
  await dialog.getByRole('button', { name: 'Save dose' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/We have asked for 5 mg/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Deliveries and payments' })).toContainText('5 mg from your next delivery (now 2.5 mg)');
  await expectNoAxeViolations(page, 'higher dose asked for');
});
