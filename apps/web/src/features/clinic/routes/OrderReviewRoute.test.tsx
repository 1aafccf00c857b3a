import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageOn, type OrderReview, type StaffMember } from '@elmwood/domain';
import { orderReview, pharmacist, prescriber, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const ORDER = '/shop-api/clinic/orders/EH-TEST-0001';

/** The order, which becomes `after` once a decision has been posted. */
function stubOrder(staff: StaffMember, after: Partial<OrderReview> = {}, before: Partial<OrderReview> = {}) {
  let decided = false;
  // Each decision's reply as the API gives it once the provider has answered: money taken on approval, released on rejection.
  const decision = (state: string, paymentState: string) => () => {
    decided = true;
    return [200, { orderNumber: 'EH-TEST-0001', state, paymentState, changed: true }] as [number, unknown];
  };
  return stubClinicApi({
    'GET /shop-api/clinic/me': [200, staff],
    [`GET ${ORDER}`]: () => [200, orderReview(decided ? { ...before, ...after } : before)],
    [`POST ${ORDER}/approve`]: decision('approved', 'captured'),
    [`POST ${ORDER}/release`]: decision('approved', 'captured'),
    [`POST ${ORDER}/reject`]: decision('rejected', 'voided'),
    [`POST ${ORDER}/request-information`]: decision('awaiting_patient', 'authorised'),
    [`POST ${ORDER}/cancel`]: decision('cancelled', 'voided'),
  });
}

async function openOrder() {
  renderClinic('/clinic/orders/EH-TEST-0001');
  expect(await screen.findByRole('heading', { level: 1, name: 'Order EH-TEST-0001' })).toBeInTheDocument();
}

describe('order review', () => {
  it('shows the answers, photos and GP the prescriber decides on', async () => {
    stubOrder(prescriber);
    await openOrder();
    const consultation = screen.getByRole('region', { name: 'Consultation: Weight loss' });
    expect(within(consultation).getByText('What sex were you assigned at birth?')).toBeInTheDocument();
    expect(within(consultation).getByText('Male')).toBeInTheDocument();
    expect(within(consultation).getByText('Eligible for Wegovy')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo ID of Alex Smith' })).toHaveAttribute('src', '/shop-api/clinic/uploads/up-1');
    expect(screen.getByRole('img', { name: 'Full-length photo of Alex Smith' })).toHaveAttribute('src', '/shop-api/clinic/uploads/up-2');
    expect(screen.getByRole('region', { name: 'GP' })).toHaveTextContent('Park Surgery, 1 Park Road, Leeds, LS1 4AP');
  });

  it("shows a renewal's doses supplied with their dates, and a continuing patient's proof of prescription", async () => {
    stubOrder(prescriber, {}, {
      renewal: {
        deliveryDate: '2026-12-20',
        doseIncrease: true,
        supplies: [
          { productName: 'Wegovy', dosage: '0.25 mg', suppliedOn: '2026-10-22' },
          { productName: 'Wegovy', dosage: '0.5 mg', suppliedOn: '2026-11-21' },
        ],
      },
      photos: [{ id: 'up-3', category: 'P', title: 'Previous prescription', uploadedAt: '2026-10-20T11:00:00.000Z' }],
    });
    await openOrder();
    const supplied = screen.getByRole('region', { name: 'Doses supplied' });
    expect(within(supplied).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wegovy 0.25 mg, dispatched 22 Oct 2026', 'Wegovy 0.5 mg, dispatched 21 Nov 2026']);
    expect(screen.getByRole('img', { name: 'Proof of current prescription of Alex Smith' })).toHaveAttribute('src', '/shop-api/clinic/uploads/up-3');
  });

  it('reads as a person writes it: the date of birth with the age, the answers in words, no JSON', async () => {
    stubOrder(prescriber);
    await openOrder();
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText(`12 Apr 1985 (${ageOn('1985-04-12', new Date())})`)).toBeInTheDocument();
    const consultation = screen.getByRole('region', { name: 'Consultation: Weight loss' });
    expect(consultation).not.toHaveTextContent(/[{}"]/);
  });

  it('shows each triggered rule beside the answer that triggered it, with its source and rationale', async () => {
    stubOrder(prescriber);
    await openOrder();
    const consultation = screen.getByRole('region', { name: 'Consultation: Weight loss' });
    expect(within(consultation).getByText('1 rule triggered, each shown beside the answer it read.')).toBeInTheDocument();
    const rules = within(consultation).getByRole('list', { name: 'Rules triggered by the answer to: Do you take any of these?' });
    const [rule] = within(rules).getAllByRole('listitem');
    expect(rule).toHaveTextContent('Review Takes insulin or a sulfonylurea: risk of hypoglycaemia, review the diabetes doses');
    expect(rule).toHaveTextContent('Source: Wegovy SmPC 4.4 and 4.5; Mounjaro SmPC 4.4 and 4.5');
    expect(rule).toHaveTextContent('Why: With insulin or a sulfonylurea the risk of hypoglycaemia rises.');
    expect(within(consultation).queryByRole('list', { name: /What sex were you assigned at birth/ })).not.toBeInTheDocument();
  });

  it('approves after the confirmation, then says so and shows the new status', async () => {
    const calls = stubOrder(prescriber, { state: 'approved', paymentState: 'captured' });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    // The test patient gave no consent to inform their GP: the prescriber records why prescribing is still appropriate.
    await userEvent.type(within(dialog).getByLabelText('Why is prescribing appropriate without informing the GP?'), 'Patient declined; the consultation shows it is appropriate.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm approval' }));

    expect(await screen.findByText('Done. The order is now approved.')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('This order is approved; there is nothing to decide.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${ORDER}/approve`]);
  });

  it('rejects only with a reason from the list, sending the reason and the note', async () => {
    const calls = stubOrder(prescriber, { state: 'rejected', paymentState: 'voided' });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for the rejection.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'BMI not eligible');
    expect(within(dialog).getByText('The patient reads: Your BMI does not meet the criteria for this treatment.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note to the patient (optional)'), 'Please see your GP.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));

    expect(await screen.findByText('Done. The order is now rejected.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: `${ORDER}/reject`, body: { reasonCode: 'bmi_not_eligible', note: 'Please see your GP.' } });
  });

  it('asks the patient a question, with a photo when ticked', async () => {
    const calls = stubOrder(prescriber, { state: 'awaiting_patient' });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Request information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request information' });
    await userEvent.type(within(dialog).getByLabelText('Question for the patient'), 'Please send a clearer photo of your ID.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ask for a photo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));

    expect(await screen.findByText('Done. The order is now waiting for patient.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ question: 'Please send a clearer photo of your ID.', photoRequested: true });
  });

  it('announces a refused decision inside the dialog', async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': [200, prescriber],
      [`GET ${ORDER}`]: [200, orderReview()],
      [`POST ${ORDER}/approve`]: [409, { code: 'ORDER_STATE', message: 'This order is no longer in review.' }],
    });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    // The test patient gave no consent to inform their GP: the prescriber records why prescribing is still appropriate.
    await userEvent.type(within(dialog).getByLabelText('Why is prescribing appropriate without informing the GP?'), 'Patient declined; the consultation shows it is appropriate.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm approval' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order is no longer in review.');
  });

  it('shows a pharmacist no prescriber decisions', async () => {
    stubOrder(pharmacist);
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request information' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo ID of Alex Smith' })).toBeInTheDocument();
    // The order holds a medicine: a pharmacist cannot release it either.
    expect(screen.queryByRole('button', { name: 'Release for dispatch' })).not.toBeInTheDocument();
  });

  it('lets a pharmacist release an order with nothing to prescribe, and no prescriber decision shows', async () => {
    const calls = stubOrder(pharmacist, { state: 'approved', paymentState: 'captured' }, { needsPrescriber: false });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Release for dispatch' }));
    expect(await screen.findByText('Released. The order is now approved.')).toHaveAttribute('role', 'status');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${ORDER}/release`]);
  });
});

describe('cancelling an order (support, admin)', () => {
  it('cancels only after the confirmation with a reason of 3 to 500 characters, then says so', async () => {
    const calls = stubOrder(supportMember, { state: 'cancelled', paymentState: 'voided' });
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('Order EH-TEST-0001 for Alex Smith will be cancelled');
    const reason = within(dialog).getByLabelText('Reason for cancelling');
    await userEvent.type(reason, ' ab ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason for cancelling (3 to 500 characters).');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, '  The patient asked by phone.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Order EH-TEST-0001 is cancelled and the patient has been emailed.')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('This order is cancelled, so it can no longer be cancelled here.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: `${ORDER}/cancel`, body: { reason: 'The patient asked by phone.' } }]);
  });

  it("warns that cancelling a renewal puts the patient's plan on hold", async () => {
    stubOrder(supportMember, {}, { renewal: { deliveryDate: '2026-12-20', doseIncrease: false, supplies: [] } });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent("This is a renewal: the patient's plan goes on hold until they restart it from their account.");
  });

  it('says nothing of a plan when cancelling a first order', async () => {
    stubOrder(supportMember);
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).not.toHaveTextContent('plan');
  });

  it("announces the API's refusal inside the dialog", async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': [200, supportMember],
      [`GET ${ORDER}`]: [200, orderReview()],
      [`POST ${ORDER}/cancel`]: [409, { code: 'ORDER_STATE_CONFLICT', message: 'Order EH-TEST-0001 is approved, so this cannot be done now.' }],
    });
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await userEvent.type(within(dialog).getByLabelText('Reason for cancelling'), 'Account to be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Order EH-TEST-0001 is approved, so this cannot be done now.');
  });

  it('offers no cancellation once the order is decided, nor to a prescriber', async () => {
    stubOrder(supportMember, {}, { state: 'approved', paymentState: 'captured' });
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('This order is approved, so it can no longer be cancelled here.')).toBeInTheDocument();
  });

  it('shows a prescriber no cancellation', async () => {
    stubOrder(prescriber);
    await openOrder();
    expect(screen.queryByRole('region', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe('an ended staff session', () => {
  it('goes back to the clinic login', async () => {
    let signedIn = true;
    stubClinicApi({
      'GET /shop-api/clinic/me': () => (signedIn ? [200, prescriber] : [401, { code: 'STAFF_LOGIN_REQUIRED', message: 'Please sign in to the clinic console.' }]),
      [`GET ${ORDER}`]: () => {
        signedIn = false;
        return [401, { code: 'STAFF_LOGIN_REQUIRED', message: 'Please sign in to the clinic console.' }];
      },
    });
    const { router } = renderClinic('/clinic/orders/EH-TEST-0001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clinic/login');
  });
});
