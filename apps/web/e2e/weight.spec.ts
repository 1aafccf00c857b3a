import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { weightLossAnswers } from './support/consultation';
import { placeWeightLossOrder } from './support/order';

test.use({ reducedMotion: 'reduce' });

/** The UK calendar date `days` before today, as a date field takes it. */
function ukDateDaysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() - days * 86_400_000));
}
const ukLongDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const section = (page: Page, name: string) => page.getByRole('region', { name });
const figure = (scope: Locator, term: string) => scope.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test('a patient with an order logs weights in st/lbs, sets a goal, edits an entry and reads the charts', async ({ page }) => {
  test.setTimeout(90_000);
  await placeWeightLossOrder(page, `weight-${Date.now()}-${test.info().project.name}@example.com`);

  // Only the consultation's weight so far: the account home asks for one, in the unit of the consultation (kg).
  await page.goto('/account/home');
  const card = section(page, 'Your weight');
  await expect(card).toContainText('You started at 100 kg, aiming for 80 kg. Log your weight to see your progress.');
  await expectNoAxeViolations(page, 'account home');
  // Nothing on it, an order's status included, makes a phone's page wider than its screen (which would zoom it out).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Log a weight in stone and pounds: the height is known from the consultation, so it is not asked.
  await card.getByRole('button', { name: 'Log your weight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log your weight' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Height in cm')).toHaveCount(0);
  const save = dialog.getByRole('button', { name: 'Save weight' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Weight in kg').fill('96.2');
  await dialog.getByRole('button', { name: 'st/lbs' }).click();
  // The kg typed is converted, not wiped.
  await expect(dialog.getByLabel('Weight in stone')).toHaveValue('15');
  await expect(dialog.getByLabel('Weight in lbs')).toHaveValue('2.1');
  await dialog.getByLabel('Weight in lbs').fill('15');
  await expect(dialog.getByText("This doesn't look right, enter your weight in lbs")).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Weight in lbs').fill('2');
  await expectNoAxeViolations(page, 'log weight dialog');
  await save.click();
  await expect(dialog).toBeHidden();

  // The card shows the latest weight and the change, now in stone and pounds (the unit saved as the preference).
  await expect(figure(card, 'Latest weight')).toContainText('15 st 2 lb');
  await expect(figure(card, 'Since you started')).toHaveText('Down 8.5 lb (3.8%)');
  await expectNoAxeViolations(page, 'account home with a weight');

  await card.getByRole('link', { name: 'See your progress' }).click();
  await expect(page).toHaveURL(/\/account\/progress$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Progress' })).toHaveAttribute('aria-current', 'page');
  const summary = section(page, 'Your weight');
  await expect(figure(summary, 'Starting weight')).toContainText('15 st 10 lb');
  await expect(figure(summary, 'Current weight')).toHaveText('15 st 2 lb');

  // An earlier weight, two months back, from the progress page.
  const earlier = ukDateDaysAgo(60);
  await page.getByRole('button', { name: 'Log your weight' }).click();
  await expect(dialog.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Weight in stone').fill('16');
  await dialog.getByLabel('Weight in lbs').fill('5');
  await dialog.getByLabel('Date weighed').fill(earlier);
  await dialog.getByRole('button', { name: 'Save weight' }).click();
  await expect(dialog).toBeHidden();
  await expect(figure(summary, 'Starting weight')).toContainText(`16 st 5 lb${ukLongDate(earlier)}`);

  // The tracking chart: all three weights in its table; a month leaves out the one two months back.
  const tracking = section(page, 'Your weight over time');
  await expect(tracking.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
  await tracking.getByRole('button', { name: 'Show as table' }).click();
  const rows = tracking.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(tracking.getByRole('table')).toContainText(`${ukLongDate(earlier)}16 st 5 lb`);
  await tracking.getByRole('button', { name: /^1m/ }).click();
  await expect(tracking.getByRole('button', { name: /^1m/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(3);
  await expect(tracking.getByRole('table')).not.toContainText('16 st 5 lb');
  await expect(tracking.getByRole('table')).toContainText('15 st 2 lb');
  // The chart reads out point by point from the keyboard.
  await tracking.getByRole('group', { name: /^Weight tracking chart/ }).focus();
  await page.keyboard.press('End');
  await expect(tracking.getByText(/: 15 st 2 lb$/)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(tracking.getByText(/: 15 st 10 lb$/)).toBeVisible();
  await expectNoAxeViolations(page, 'progress page');

  // A goal, in stone: the goal line's label and the figures follow.
  await page.getByRole('button', { name: 'Set your goal weight' }).click();
  const goalDialog = page.getByRole('dialog', { name: 'Set your goal weight' });
  await expect(goalDialog.getByLabel('Weight in stone')).toHaveValue('12');
  await goalDialog.getByLabel('Weight in stone').fill('12');
  await goalDialog.getByLabel('Weight in lbs').fill('0');
  await expectNoAxeViolations(page, 'goal dialog');
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Set your goal weight' })).toBeFocused();
  await expect(figure(summary, 'Goal weight')).toHaveText('12 st 0 lb');
  await expect(summary.getByRole('progressbar', { name: 'Progress towards your goal' })).toBeVisible();

  // Edit an entry: the modal opens in stone with the figures preset.
  const entries = section(page, 'Your entries');
  await entries.getByRole('button', { name: /^Edit 15 st 2 lb on / }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit your weight' });
  await expect(editDialog.getByLabel('Weight in stone')).toHaveValue('15');
  await expect(editDialog.getByLabel('Weight in lbs')).toHaveValue('2');
  await editDialog.getByLabel('Weight in lbs').fill('0');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(entries.getByRole('button', { name: /^Edit 15 st 0 lb on / })).toBeVisible();
  await expect(figure(summary, 'Current weight')).toHaveText('15 st 0 lb');

  // The consultation's weight is part of what the clinic read: it has no Edit or Delete.
  const fromConsultation = entries.getByRole('listitem').filter({ hasText: 'From your consultation' });
  await expect(fromConsultation).toContainText('15 st 10 lb');
  await expect(fromConsultation.getByRole('button')).toHaveCount(0);

  // Delete asks first; cancelling keeps the entry.
  await entries.getByRole('button', { name: /^Delete 16 st 5 lb on / }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this weight?' });
  await expect(confirm).toContainText('16 st 5 lb on');
  await expectNoAxeViolations(page, 'delete dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(3);
  await expect(entries.getByRole('button', { name: /^Delete 16 st 5 lb on / })).toBeFocused();
  await entries.getByRole('button', { name: /^Delete 16 st 5 lb on / }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Log your weight' })).toBeFocused();

  // The projection: 16 monthly points from the start, the last ones at the goal, in stone on the axis.
  const projection = section(page, 'Your weight-loss projection');
  await projection.getByRole('button', { name: 'Show as table' }).click();
  const projected = projection.getByRole('table', { name: 'Projected weight by month' }).getByRole('row');
  await expect(projected).toHaveCount(17);
  await expect(projected.nth(1)).toHaveText('Start15 st 10 lbProjected');
  await expect(projected.nth(16)).toHaveText('Month 1512 st 0 lbGoal');
  await expect(projection.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  await expect(projection.locator('svg').first()).toContainText('Your weight (st)');
  await expectNoAxeViolations(page, 'progress page with tables');
});

test('units are kept: switching converts, and the goal step and the account use the unit chosen in the consultation', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/n/weight-loss/quiz/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
  await page.getByLabel('Weight in kg').fill('95');
  await page.getByLabel('Height in cm').fill('170');
  await page.getByRole('button', { name: 'st/lbs' }).click();
  await page.getByRole('button', { name: 'ft/in' }).click();
  await expect(page.getByLabel('Weight in stone')).toHaveValue('14');
  await expect(page.getByLabel('Weight in lbs')).toHaveValue('13.4');
  await expect(page.getByLabel('Height in feet')).toHaveValue('5');
  await expect(page.getByLabel('Height in inches')).toHaveValue('6.9');
  await expect(page.getByText('Your BMI is 32.9')).toBeVisible();
  // Back to metric without an edit: exactly what was typed.
  await page.getByRole('button', { name: 'cm', exact: true }).click();
  await expect(page.getByLabel('Height in cm')).toHaveValue('170');
  await page.getByLabel('Weight in lbs').fill('0');
  await expectNoAxeViolations(page, 'height and weight in stone');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();

  // The steps between, answered as the browser would send them; then the goal step opens in stone.
  const answered = await page.request.patch('/shop-api/medical-history-for-groups-by-slug/weight-loss', {
    data: weightLossAnswers(['measurements', 'goals']),
  });
  expect(answered.status()).toBe(200);
  await page.goto('/n/weight-loss/quiz/9');
  await expect(page.getByRole('heading', { level: 1, name: 'Your goal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Weight in stone').fill('12');
  await page.getByLabel('Weight in lbs').fill('0');
  await expectNoAxeViolations(page, 'goal weight in stone');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you. We are finding the right treatment for you' })).toBeVisible();

  // Ordered from this consultation: the account shows the patient's weight and goal in stone.
  await placeWeightLossOrder(page, `units-${Date.now()}-${test.info().project.name}@example.com`, { consult: false });
  await page.goto('/account/home');
  await expect(section(page, 'Your weight')).toContainText('You started at 14 st 0 lb, aiming for 12 st 0 lb.');
  await page.goto('/account/progress');
  await expect(figure(section(page, 'Your weight'), 'Starting weight')).toContainText('14 st 0 lb');
  await expectNoAxeViolations(page, 'progress page in stone');
});
