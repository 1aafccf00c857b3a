import { expect, test, type Page } from '@playwright/test';
import { formatCallTime } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { SYSTEM_CHROMIUM } from './support/chromium';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffPage } from './support/staff';
import { bookVideoConsultation } from './support/video-consultation';

// This file's Chromium gets a fake camera and microphone (a test pattern and a tone) and grants them without asking,
// as a person clicking 'Allow' would; the rest of the suite runs without them.
test.use({
  launchOptions: { ...SYSTEM_CHROMIUM, args: [...SYSTEM_CHROMIUM.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

/** Whether the page's <video> named `label` plays the other side's camera: a live video track, frames decoded. */
function showsLiveVideo(page: Page, label: string): Promise<boolean> {
  return page.evaluate((name) => {
    const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
    const stream = video?.srcObject instanceof MediaStream ? video.srcObject : null;
    return Boolean(video && stream && video.videoWidth > 0 && stream.getVideoTracks().some((track) => track.readyState === 'live'));
  }, label);
}

test('a patient books a video consultation; both join and see each other; the prescriber records weight and identity, ends the call and approves', async ({ browser }) => {
  test.setTimeout(240_000);
  const project = test.info().project.name;
  const patientContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const patient = await patientContext.newPage();
  const { orderNumber } = await placeWeightLossOrder(patient, `video-${Date.now()}-${project}@example.com`);
  await sendCriticalPhotos(patient);

  // The task leads to the booking page.
  await patient.goto('/account/health-actions');
  await patient.getByRole('link', { name: 'Book your video consultation' }).click();
  await expect(patient).toHaveURL(/\/account\/video-consultation\?taskId=/);
  await expect(patient.getByRole('region', { name: 'What you will need' })).toContainText('your photo ID');
  await expectNoAxeViolations(patient, 'video consultation booking');
  // Each viewport books a slot of its own (the clock projects run it too: the viewport says which this is).
  const start = await bookVideoConsultation(patient, test.info().project.use.isMobile ? 1 : 0);
  await expect(patient.getByRole('region', { name: 'Your video consultation' })).toContainText(formatCallTime(start));
  await expect(patient.getByText(/You can join from \d\d:\d\d on the day/)).toBeVisible();

  try {
    // The shop's clock moves to two minutes before the start: the room is open.
    expect((await patient.request.post('/dev/clock', { data: { at: new Date(new Date(start).getTime() - 2 * 60_000).toISOString() } })).ok()).toBe(true);
    await patient.reload();
    await patient.getByRole('link', { name: 'Join your consultation' }).click();
    await expect(patient.getByRole('heading', { level: 1, name: 'Your video consultation' })).toBeVisible();
    await patient.getByRole('button', { name: 'Check camera and microphone' }).click();
    await expect(patient.getByText('Your camera and microphone are working.')).toBeVisible();
    await expect(patient.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await expectNoAxeViolations(patient, 'device check');
    await patient.getByRole('button', { name: 'Join consultation' }).click();
    await expect(patient.getByRole('status').filter({ hasText: 'Waiting for your prescriber to join…' })).toBeVisible();
    await expectNoAxeViolations(patient, 'waiting room');

    // The prescriber opens the consultation from the order's review, where the verification is still needed.
    const prescriber = await staffPage(browser, PRESCRIBER);
    await prescriber.goto(`/clinic/orders/${orderNumber}`);
    const verified = prescriber.getByRole('region', { name: 'Verified weight and identity' });
    await expect(verified).toContainText('Verification needed');
    await expect(verified).toContainText('32.7');
    await verified.getByRole('link', { name: 'Open the consultation' }).click();
    await expect(prescriber.getByRole('heading', { level: 1, name: 'Video consultation with Alex Smith' })).toBeVisible();
    await expectNoAxeViolations(prescriber, 'console call panel');
    await prescriber.getByRole('button', { name: 'Check camera and microphone' }).click();
    await prescriber.getByRole('button', { name: 'Join the call' }).click();

    // Each side sees the other's camera, live.
    await expect(patient.getByRole('status').filter({ hasText: 'You are connected to your prescriber.' })).toBeVisible({ timeout: 30_000 });
    await expect(prescriber.getByRole('status').filter({ hasText: 'You are connected to the patient.' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => showsLiveVideo(patient, 'Your prescriber'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => showsLiveVideo(prescriber, 'Patient'), { timeout: 20_000 }).toBe(true);
    await expectNoAxeViolations(prescriber, 'console call panel, in the call');

    // The prescriber reads 112 kg from the scales, measures 175 cm and checks the photo ID.
    const observed = prescriber.getByRole('region', { name: 'What you observed' });
    await observed.getByLabel('Weight (kg)').fill('112');
    await observed.getByLabel('Height (cm)').fill('175');
    await expect(observed.getByText('BMI from these measurements: 36.6')).toBeVisible();
    await observed.getByRole('checkbox', { name: 'Identity checked against the photo ID' }).check();
    await observed.getByRole('button', { name: 'Record verification' }).click();
    await expect(observed.getByRole('status')).toContainText('Recorded: 112 kg, 175 cm, BMI 36.6, identity checked');
    await observed.getByRole('button', { name: 'End the consultation' }).click();
    await expect(patient.getByRole('heading', { name: 'Thank you' })).toBeVisible();

    // The review shows the verified BMI beside the declared one, flagged, and the approval goes through.
    await observed.getByRole('link', { name: `Go to order ${orderNumber} to decide` }).click();
    await expect(prescriber.getByText('BMI differs from declared').first()).toBeVisible();
    const table = verified.getByRole('region', { name: 'Declared and verified measurements' });
    await expect(table.getByRole('row', { name: /^BMI/ })).toContainText('32.7');
    await expect(table.getByRole('row', { name: /^BMI/ })).toContainText('36.6');
    await expect(verified).toContainText('Video consultation');
    await expect(verified).toContainText('Checked against the photo ID');
    await expectNoAxeViolations(prescriber, 'order review, verified');
    await prescriber.getByRole('button', { name: 'Approve' }).click();
    const confirm = prescriber.getByRole('dialog', { name: 'Approve this order?' });
    await confirm.getByLabel('Why is prescribing appropriate without informing the GP?').fill('The patient chose not to share their GP; verified by video today.');
    await confirm.getByRole('button', { name: 'Confirm approval' }).click();
    await expect(prescriber.getByRole('status').filter({ hasText: 'Done. The order is now approved.' })).toBeVisible();
    await prescriber.context().close();
  } finally {
    await patient.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
    await patientContext.close();
  }
});
