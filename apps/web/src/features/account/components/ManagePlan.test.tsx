import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_MESSAGES, TIRZEPATIDE_CONTRACEPTION_COUNSELLING, type PlanManagement } from '@elmwood/domain';
import { mockFetch, renderRoute } from '../../../test/render';
import { ManagePlan } from './ManagePlan';

function plan(overrides: Partial<PlanManagement> = {}): PlanManagement {
  return {
    id: 'sub-1',
    state: 'active',
    term: 'Cancel anytime',
    nextDelivery: '2026-12-20',
    nextCharge: { date: '2026-12-17', amount: 14900, discount: 1000, credit: 0 },
    changeCutOff: '2026-12-14',
    followingDelivery: '2027-01-19',
    scheduledChange: null,
    pausedUntil: null,
    retry: null,
    supplyStopped: false,
    actions: { pause: true, resume: false, skip: true, changeDose: true, cancel: true, cancelNeedsSupport: false },
    dose: {
      current: '0.25 mg',
      requested: null,
      options: [
        { variantCode: 'W-025', dosage: '0.25 mg', relation: 'same', needsPrescriber: false },
        { variantCode: 'W-05', dosage: '0.5 mg', relation: 'higher', needsPrescriber: true },
      ],
    },
    restartWarning: null,
    priceChanges: [],
    renewals: [],
    ...overrides,
  };
}

const open = (view: PlanManagement, more: Parameters<typeof mockFetch>[0] = {}) => {
  vi.stubGlobal('fetch', mockFetch({ '/shop-api/subscriptions/sub-1/plan': { body: view }, ...more }));
  return renderRoute({ path: '/account/plan/:subscriptionId', Component: () => <ManagePlan subscriptionId="sub-1" /> }, '/account/plan/sub-1');
};

afterEach(() => vi.unstubAllGlobals());

describe('ManagePlan', () => {
  it('shows the next delivery, the next payment with its discount, and the cut-off with both dates', async () => {
    open(plan());
    const dates = await screen.findByRole('region', { name: 'Deliveries and payments' });
    expect(within(dates).getByText('Cancel anytime')).toBeInTheDocument();
    expect(dates).toHaveTextContent('Next delivery20 Dec. 2026');
    expect(dates).toHaveTextContent('Next payment£149.00 on 17 Dec. 2026 (includes your £10.00 discount)');
    expect(dates).toHaveTextContent('Changes made by 14 Dec. 2026 apply to your delivery on 20 Dec. 2026. After that, they apply from your delivery on 19 Jan. 2027.');
    expect(screen.getByRole('link', { name: 'Update card' })).toHaveAttribute('href', '/account/details/change/billing-method');
  });

  it('tells of a price change before it is charged: the dose, both prices, the delivery it applies from and its charge date', async () => {
    open(plan({ priceChanges: [{ product: 'Wegovy 0.25 mg', oldPrice: 14900, newPrice: 15900, appliesFrom: '2027-01-19', chargeDate: '2027-01-16', notifiedOn: '2026-12-12' }] }));
    const dates = await screen.findByRole('region', { name: 'Deliveries and payments' });
    expect(dates).toHaveTextContent(
      'Price change: Wegovy 0.25 mg goes up from £149.00 to £159.00 a delivery, from your delivery on 19 Jan. 2027 (charged on 16 Jan. 2027). We emailed you about it on 12 Dec. 2026. You can change your dose, pause or cancel before then.',
    );
    expect(dates).toHaveTextContent('Next payment£149.00 on 17 Dec. 2026');
  });

  it('after a declined payment, says when it is tried again and links to update the card', async () => {
    open(plan({ state: 'payment_failed', retry: { nextAttempt: '2026-12-18' }, changeCutOff: null }));
    const notice = await screen.findByText(/Your last payment did not go through/);
    expect(notice).toHaveTextContent('We will try again on 18 Dec. 2026.');
    expect(within(notice).getByRole('link', { name: 'Update your card' })).toHaveAttribute('href', '/account/details/change/billing-method');
  });

  it('after a check-in stopped the supply, says so and where to look, without asking for a card or offering to resume', async () => {
    open(plan({ state: 'suspended', supplyStopped: true, nextCharge: null, changeCutOff: null, followingDelivery: null, actions: { ...plan().actions, pause: false, skip: false, changeDose: false, resume: false } }));
    expect(await screen.findByText(PLAN_MESSAGES.supplyStopped)).toBeInTheDocument();
    expect(screen.queryByText(/we could not take your payment/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Resume/ })).toBeNull();
  });

  it('keeps a 3-month plan to its term: no cancel button, and says how to cancel', async () => {
    open(plan({ term: 'Renew or cancel after 3 months', actions: { ...plan().actions, cancel: false, cancelNeedsSupport: true } }));
    expect(await screen.findByText(/Renew or cancel after 3 months\. You can renew or cancel in the week before your plan renews/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('says a higher dose goes to the prescriber', async () => {
    open(plan());
    await userEvent.click(await screen.findByRole('button', { name: 'Change dose' }));
    const dialog = screen.getByRole('dialog', { name: 'Change dose' });
    expect(within(dialog).getByRole('radio', { name: '0.25 mg' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '0.5 mg' })).toHaveAccessibleDescription('A higher dose: a prescriber reviews your check-in before increasing it');
  });

  it('shows the dose, and a dose asked for (or restarted at by a prescriber) as the dose from the next delivery', async () => {
    const { unmount } = open(plan());
    const dates = await screen.findByRole('region', { name: 'Deliveries and payments' });
    expect(dates).toHaveTextContent('Dose0.25 mg');
    expect(within(dates).getAllByRole('definition').at(-1)).toHaveTextContent('0.25 mg');
    unmount();
    open(plan({ dose: { ...plan().dose, current: '0.5 mg', requested: '0.25 mg' } }));
    expect(await screen.findByRole('region', { name: 'Deliveries and payments' })).toHaveTextContent('Dose0.25 mg from your next delivery (now 0.5 mg)');
  });

  it('a higher dose of Mounjaro shows the contraception counselling, needs it ticked, and sends the tick (MHRA 2025)', async () => {
    const { version, title, paragraphs, acknowledgement } = TIRZEPATIDE_CONTRACEPTION_COUNSELLING;
    const mounjaro = plan({
      dose: {
        current: '2.5 mg',
        requested: null,
        counselling: { version, title, paragraphs: [...paragraphs], acknowledgement },
        options: [
          { variantCode: 'M-25', dosage: '2.5 mg', relation: 'same', needsPrescriber: false },
          { variantCode: 'M-5', dosage: '5 mg', relation: 'higher', needsPrescriber: true },
        ],
      },
    });
    const fetch = vi.fn(mockFetch({ '/shop-api/subscriptions/sub-1/plan': { body: mounjaro }, '/shop-api/subscriptions/sub-1/dose': { body: { plan: mounjaro, message: 'We have asked for 5 mg.' } } }));
    vi.stubGlobal('fetch', fetch);
    renderRoute({ path: '/account/plan/:subscriptionId', Component: () => <ManagePlan subscriptionId="sub-1" /> }, '/account/plan/sub-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change dose' }));
    const dialog = screen.getByRole('dialog', { name: 'Change dose' });
    expect(within(dialog).queryByRole('region', { name: title })).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: '5 mg' }));
    const counselling = within(dialog).getByRole('region', { name: title });
    expect(counselling).toHaveTextContent('barrier method');
    await user.click(within(dialog).getByRole('button', { name: 'Save dose' }));
    expect(within(dialog).getByText(PLAN_MESSAGES.counselling)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/dose'))).toBe(false);

    await user.click(within(counselling).getByRole('checkbox', { name: acknowledgement }));
    await user.click(within(dialog).getByRole('button', { name: 'Save dose' }));
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/dose'))! as unknown as [string, RequestInit];
    expect(JSON.parse(String(sent[1].body))).toEqual({ variantCode: 'M-5', counsellingAcknowledged: true });
  });

  it('shows a change waiting for the coming delivery, and the renewals so far', async () => {
    open(
      plan({
        scheduledChange: { kind: 'cancel', appliesAfter: '2026-12-20' },
        actions: { ...plan().actions, cancel: false },
        renewals: [{ orderNumber: 'EH-AAAA-BBBB', deliveryDate: '2026-12-20', state: 'in_review', paymentState: 'awaiting_charge', amount: 14900, createdAt: '2026-12-13T10:00:00Z' }],
      }),
    );
    expect(await screen.findByText('Your plan will end after your delivery on 20 Dec. 2026.')).toBeInTheDocument();
    const renewals = screen.getByRole('region', { name: 'Renewals' });
    expect(renewals).toHaveTextContent('Delivery on 20 Dec. 2026');
    expect(renewals).toHaveTextContent('Order EH-AAAA-BBBB · £149.00 · With our prescriber');
  });

  it('says what a skip did above the actions, in the page rather than over it, and the next change clears it', async () => {
    const skipped = 'We will skip your delivery on 20 Dec. 2026. Your next delivery will be on 19 Jan. 2027.';
    open(plan(), { '/shop-api/subscriptions/sub-1/skip': { body: { plan: plan({ nextDelivery: '2027-01-19' }), message: skipped } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Skip next delivery' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Skip next delivery' })).getByRole('button', { name: 'Skip this delivery' }));

    const outcome = await screen.findByText(skipped);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outcome.closest('[role="status"]')).not.toBeNull();
    // Before the actions in the page's order, so it never floats over 'Change dose' on a phone.
    const actions = screen.getByRole('region', { name: 'Manage your plan' });
    expect(outcome.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Change dose' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Skip next delivery' }));
    expect(screen.queryByText(skipped)).toBeNull();
  });

  it("cancelling for side effects offers a clinician first: 'Speak to a clinician first' asks for a call and cancels nothing", async () => {
    const called = 'One of our prescribers will phone you on the number in your account by 4pm tomorrow. Your plan has not been cancelled.';
    const paths: string[] = [];
    const fetcher = mockFetch({
      '/shop-api/subscriptions/sub-1/plan': { body: plan() },
      '/shop-api/subscriptions/sub-1/clinician-call': { body: { plan: plan(), message: called } },
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      paths.push(String(input).split('?')[0]!);
      return fetcher(input);
    });
    renderRoute({ path: '/account/plan/:subscriptionId', Component: () => <ManagePlan subscriptionId="sub-1" /> }, '/account/plan/sub-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your plan' });
    await user.click(within(dialog).getByRole('radio', { name: 'Side effects' }));
    expect(within(dialog).getByText(/Would you like one of our prescribers to call you before you decide\?/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'yellowcard.mhra.gov.uk' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk');
    expect(within(dialog).getByRole('button', { name: 'Cancel anyway' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Speak to a clinician first' }));
    expect(await screen.findByText(called)).toBeVisible();
    expect(paths).toContain('/shop-api/subscriptions/sub-1/clinician-call');
    expect(paths).not.toContain('/shop-api/subscriptions/sub-1/cancel');
  });

  it("'Cancel anyway' still cancels for side effects; another reason cancels at once", async () => {
    const cancelled = 'Your plan is cancelled. There will be no more deliveries or payments.';
    open(plan(), { '/shop-api/subscriptions/sub-1/cancel': { body: { plan: plan({ state: 'cancelled' }), message: cancelled } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your plan' });
    await user.click(within(dialog).getByRole('radio', { name: 'I have reached my goal' }));
    expect(within(dialog).queryByRole('button', { name: 'Speak to a clinician first' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Side effects' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel anyway' }));
    expect(await screen.findByText(cancelled)).toBeVisible();
  });

  it('warns before a pause or a skip that would mean restarting at a lower dose, with the date', async () => {
    open(plan({ restartWarning: { restartAfter: '2027-01-05', pausePeriods: [2], skip: true } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(within(screen.getByRole('dialog', { name: 'Pause your plan' })).getByText(/^Pausing for 2 deliveries means your next pen would arrive after 5 Jan\. 2027\. .*restart at a lower dose/)).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Skip next delivery' }));
    expect(within(screen.getByRole('dialog', { name: 'Skip next delivery' })).getByText(/^Skipping this delivery means your next pen would arrive after 5 Jan\. 2027\./)).toBeVisible();
  });

  it('a cancelled plan offers no term and no actions', async () => {
    open(plan({ state: 'cancelled', term: null, nextDelivery: null, nextCharge: null, changeCutOff: null, followingDelivery: null }));
    expect(await screen.findByText('This plan is cancelled. There will be no more deliveries or payments.')).toBeInTheDocument();
    expect(screen.queryByText(/Cancel anytime/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage your plan' })).toBeNull();
  });
});
