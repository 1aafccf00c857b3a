import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PHARMACIST, PRESCRIBER, staffRequest, staffPage, NO_GP_CONSENT, verifyThroughApi } from './support/staff';

/** A patient's order of `productSlug`, with its photos in and approved by the prescriber: ready to dispatch. */
async function approvedOrder(page: Page, productSlug: 'wegovy' | 'mounjaro', approve: (orderNumber: string) => Promise<void>): Promise<string> {
  const { orderNumber } = await placeWeightLossOrder(page, `dispatch-${productSlug}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, { productSlug });
  await sendCriticalPhotos(page);
  await approve(orderNumber);
  return orderNumber;
}

test('the dispatch list names each order’s own medicine with its dose, and the time its own approval was given', async ({ browser, playwright, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the dispatch list is worked on a desktop in the pharmacy');
  test.setTimeout(150_000);
  const prescriber = await staffRequest(playwright.request, baseURL, PRESCRIBER);
  try {
    const approve = async (orderNumber: string) => {
      await verifyThroughApi(prescriber, orderNumber);
      expect((await prescriber.post(`/shop-api/clinic/orders/${orderNumber}/approve`, { data: NO_GP_CONSENT })).status()).toBe(200);
    };
    const wegovyPatient = await browser.newPage();
    const mounjaroPatient = await browser.newPage();
    const wegovy = await approvedOrder(wegovyPatient, 'wegovy', approve);
    const mounjaro = await approvedOrder(mounjaroPatient, 'mounjaro', approve);

    const pharmacist = await staffPage(browser, PHARMACIST);
    const wegovyCard = pharmacist.getByRole('region', { name: wegovy, exact: true });
    const mounjaroCard = pharmacist.getByRole('region', { name: mounjaro, exact: true });
    // The medicine with the dose to pack: a new patient starts on the lowest dose.
    await expect(wegovyCard).toContainText('1 × Wegovy 0.25 mg');
    await expect(wegovyCard).not.toContainText(/Mounjaro|Multivitamin/);
    await expect(mounjaroCard).toContainText('1 × Mounjaro 2.5 mg');
    await expect(mounjaroCard).not.toContainText(/Wegovy|Multivitamin/);
    await expect(mounjaroCard).toContainText('Approved');
    await expectNoAxeViolations(pharmacist, 'dispatch list');
  } finally {
    await prescriber.dispose();
  }
});
