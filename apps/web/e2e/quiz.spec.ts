import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { leaveLoadingScreen } from './support/loading-screen';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** One quiz step: its heading, the answers, an accessibility check of the page as answered, then Continue. */
async function step(page: Page, title: string, answer: () => Promise<void>) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await answer();
  await expectNoAxeViolations(page, title);
  await continueButton(page).click();
}

async function heightAndWeight(page: Page, kg: string, cm: string) {
  await expect(page.getByRole('button', { name: 'kg', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Weight in kg').fill(kg);
  await page.getByLabel('Height in cm').fill(cm);
}

test.describe('weight-loss consultation', () => {
  test.use({ reducedMotion: 'reduce' });

  test('an eligible patient answers every step and reaches the recommendations', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/n/weight-loss/quiz/1?coupon=WELCOME20');
    await expect(page.getByText('1 of 9')).toBeVisible();

    await step(
      page,
      'Height and weight',
      async () => {
        await continueButton(page).click();
        await expect(page.getByText('Required', { exact: true })).toBeVisible();
        await page.getByLabel('Weight in kg').fill('445');
        await expect(page.getByText("This doesn't look right, enter your weight in kg")).toBeVisible();
        await page.getByRole('button', { name: 'st/lbs' }).click();
        await expect(page.getByLabel('Weight in stone')).toBeVisible();
        await expect(page.getByLabel('Weight in kg')).toBeHidden();
        await page.getByRole('button', { name: 'kg', exact: true }).click();
        await heightAndWeight(page, '100', '175');
        await expect(page.getByText('Your BMI is 32.7')).toBeVisible();
      },
    );
    await step(page, 'Date of birth', async () => {
      const dob = page.getByRole('textbox', { name: 'What is your date of birth?' });
      await dob.pressSequentially('1204');
      await expect(dob).toHaveValue('12/04');
      await continueButton(page).click();
      await expect(page.getByText('Please enter your date of birth')).toBeVisible();
      await dob.pressSequentially('1985');
      await expect(dob).toHaveValue('12/04/1985');
    });
    await step(page, 'About you', () => page.getByRole('radio', { name: 'Male', exact: true }).check());
    await step(page, 'Ethnic background', () => page.getByRole('radio', { name: 'White', exact: true }).check());
    await step(page, 'Weight-related conditions', () => page.getByRole('checkbox', { name: 'None of these' }).check());
    await step(page, 'Medical history', async () => {
      await page.getByRole('group', { name: 'Have you ever had any of the following?' }).getByRole('checkbox', { name: 'None of these' }).check();
      await page.getByRole('group', { name: 'Do you have, or have you had, any of these?' }).getByRole('checkbox', { name: 'None of these' }).check();
      await page.getByRole('group', { name: /allergic reaction/ }).getByRole('checkbox', { name: 'No, never' }).check();
    });
    await step(page, 'Current medicines', async () => {
      await page.getByLabel('Which medicines, if any, do you currently take?').fill('None');
      await page.getByRole('group', { name: 'Do you take any of these?' }).getByRole('checkbox', { name: 'None of these' }).check();
    });
    await step(page, 'Current treatment', () => page.getByRole('radio', { name: "No, I'm new to weight-loss injections" }).check());

    // Back keeps answers; forward again.
    await expect(page.getByText('9 of 9')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: "No, I'm new to weight-loss injections" })).toBeChecked();
    await continueButton(page).click();

    await step(page, 'Your goal', async () => {
      await page.getByLabel('Weight in kg').fill('80');
      await page.getByRole('group', { name: 'Time of day' }).getByRole('checkbox', { name: /Morning/ }).check();
      await page.getByRole('group', { name: 'Days of the week' }).getByRole('checkbox', { name: 'Monday' }).check();
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you. We are finding the right treatment for you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip to your recommendations' })).toBeVisible();
    await expectNoAxeViolations(page, 'loading');
    await leaveLoadingScreen(page);
    await expect(page).toHaveURL(/\/n\/weight-loss\/recommendations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your weight loss programme' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Wegovy/ })).toBeChecked();
    await expect(page.getByText('Recommended')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Ozempic/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'recommendations');

    // The chosen treatment lands in a cart the server priced, and checkout opens.
    await page.getByRole('radio', { name: /Quarterly subscription/ }).check();
    await page.getByRole('region', { name: 'Choose your treatment' }).getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
    await expect(page.getByText(/^Wegovy 0.25 mg · £/)).toBeVisible();
    await page.getByRole('button', { name: 'Edit Health Plan' }).click();
    await expect(page.getByText('Quarterly subscription')).toBeVisible();
    await expectNoAxeViolations(page, 'checkout');

    // A reload of a step keeps its answers (saved on the server against this browser).
    await page.goto('/n/weight-loss/quiz/1');
    await expect(page.getByLabel('Weight in kg')).toHaveValue('100');
  });

  test('a BMI of 18 leads to the rejection screen, whose review button needs the agreement', async ({ page }) => {
    await page.goto('/n/weight-loss/quiz/1');
    await heightAndWeight(page, '55', '175');
    await expect(page.getByText('Your BMI is 18.0')).toBeVisible();
    await continueButton(page).click();

    await expect(page.getByRole('heading', { level: 1, name: 'No recommended treatment' })).toBeVisible();
    await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/rejected\?question=1$/);
    await expect(page.getByText('Warning: Giving inaccurate information in a clinical consultation, could put your health at risk.')).toBeVisible();
    // Not a dead end: the GP, NHS 111 and, for someone underweight asking for weight-loss medicine, Beat.
    const support = page.getByRole('region', { name: 'Where to get support' });
    await expect(support.getByText('Talk to your GP.')).toBeVisible();
    await expect(support.getByRole('link', { name: /NHS 111 online/ })).toHaveAttribute('href', 'https://111.nhs.uk');
    await expect(support.getByRole('link', { name: /Beat eating disorder support/ })).toBeVisible();
    const review = page.getByRole('button', { name: 'REVIEW YOUR ANSWERS' });
    await expect(review).toBeDisabled();
    await expectNoAxeViolations(page, 'rejection');
    await page.getByRole('checkbox', { name: 'I agree only to provide accurate responses' }).check();
    await review.click();
    await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
    await expect(page.getByLabel('Weight in kg')).toHaveValue('55');
  });
});

test('the erectile dysfunction consultation reaches its recommendations', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/n/erectile-dysfunction/quiz/1');
  await step(page, 'About you', () => page.getByRole('radio', { name: 'Male', exact: true }).check());
  await step(page, 'Date of birth', () => page.getByLabel('What is your date of birth?').fill('30091970'));
  await step(page, 'Your symptoms', async () => {
    await page.getByRole('radio', { name: 'Sometimes', exact: true }).check();
    await page.getByRole('group', { name: 'Do you still sometimes wake up with an erection?' }).getByRole('radio', { name: 'Yes' }).check();
  });
  await step(page, 'Heart and blood pressure', async () => {
    await page.getByRole('group', { name: /heart attack, a stroke/ }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('group', { name: /chest pain/ }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('group', { name: /heart conditions/ }).getByRole('checkbox', { name: 'None of these' }).check();
    await page.getByRole('radio', { name: 'Normal, measured in the last 12 months' }).check();
  });
  await step(page, 'Your medicines', () => page.getByRole('checkbox', { name: 'None of these' }).check());
  await step(page, 'Your health', () => page.getByRole('checkbox', { name: 'None of these' }).check());
  await step(page, 'Your preference', () => page.getByRole('radio', { name: 'No preference, I would like a recommendation' }).check());
  await step(page, 'Confirmation', () => page.getByRole('checkbox', { name: /I confirm the treatment is for me/ }).check());

  // The loading animation plays until the recommendations are ready (2.5 s at the least, 9 s at most) and moves on by itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you. We are finding the right treatment for you' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Consultation progress' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Finding your treatment' })).toBeVisible();
  await expect(page.getByText('Reviewing your answers')).toBeVisible();
  await expect(page).toHaveURL(/\/n\/erectile-dysfunction\/recommendations$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your erectile dysfunction treatment' })).toBeVisible();
  await expectNoAxeViolations(page, 'ED recommendations');
});

test('the hair loss consultation, with its picture choices, reaches its recommendations', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/n/hair-loss/quiz/1');
  await expect(page.getByText('1 of 4')).toBeVisible();
  await step(page, 'About you', () => page.getByRole('radio', { name: 'Male', exact: true }).check());
  await step(page, 'Date of birth', () => page.getByRole('textbox', { name: 'What is your date of birth?' }).pressSequentially('01021990'));
  await step(page, 'Your hair loss', async () => {
    const pictures = page.getByRole('group', { name: 'Which picture looks most like your hair loss?' });
    await expect(pictures.getByRole('img')).toHaveCount(0); // decorative: each card's words name it
    await expect(pictures.locator('img')).toHaveCount(5);
    // The whole card is the target: a tap on its picture (the card's middle) chooses it.
    const crown = pictures.locator('.radio-card', { hasText: 'Thinning at the crown' });
    const picture = (await crown.locator('img').boundingBox())!;
    const card = (await crown.boundingBox())!;
    await crown.click({ position: { x: picture.x - card.x + picture.width / 2, y: picture.y - card.y + picture.height / 2 } });
    await expect(pictures.getByRole('radio', { name: 'Thinning at the crown' })).toBeChecked();
    // Arrow keys move between the cards, as radios do.
    await page.keyboard.press('ArrowUp');
    await expect(pictures.getByRole('radio', { name: 'Receding hairline', exact: true })).toBeChecked();
    await page.getByRole('radio', { name: 'Gradually, over months or years' }).check();
    await page.getByRole('group', { name: 'Do you have any of these on your scalp?' }).getByRole('checkbox', { name: 'None of these' }).check();
  });
  await step(page, 'Your health', async () => {
    await page.getByRole('group', { name: /any of these conditions/ }).getByRole('checkbox', { name: 'None of these' }).check();
    // Finasteride counselling (MHRA): shown to men and acknowledged before any recommendation.
    await expect(page.getByText(/must not handle crushed or broken finasteride tablets/)).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have read and understood this information' }).check();
  });
  await leaveLoadingScreen(page);
  await expect(page).toHaveURL(/\/n\/hair-loss\/recommendations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your hair loss treatment' })).toBeVisible();
});
