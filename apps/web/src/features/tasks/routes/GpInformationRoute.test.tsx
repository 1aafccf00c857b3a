import { screen, waitFor } from '@testing-library/react';
import { GP_CONSENT_WORDING } from '@elmwood/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { makeTask } from '../../../test/tasks';
import { Component } from './GpInformationRoute';

const gpTask = makeTask({ code: 'provide-gp-information', name: 'Tell us about your GP', isCritical: false, taskType: 'gp-info' });

function stubApi(gpReply: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/shop-api/tasks') return json(200, sent.length ? [] : [gpTask]);
    if (path === '/shop-api/gp-practices') {
      const name = new URL(String(input), 'http://localhost').searchParams.get('name');
      return json(200, { practices: name === 'park' ? [{ odsCode: 'B86101', name: 'Park Surgery', postcode: 'LS6 2AA' }, { odsCode: 'M85101', name: 'Stechford Park Medical Centre', postcode: 'B33 8TH' }] : [] });
    }
    if (path === '/shop-api/gp-practices/M85101') {
      return json(200, { odsCode: 'M85101', practiceName: 'Stechford Park Medical Centre', addressLine1: '1 Station Road', addressLine2: 'Stechford', cityOrTown: 'Birmingham', postCode: 'B33 8TH' });
    }
    if (path === '/shop-api/customers/patient-gp-info') {
      sent.push(JSON.parse(String(init?.body)));
      return json(gpReply.status, gpReply.body);
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return sent;
}

const open = () => renderRoute({ path: '/account/gp-information', Component }, `/account/gp-information?taskId=${gpTask.id}`);
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => vi.unstubAllGlobals());

describe('GP details flow', () => {
  it('shows each form message, then confirms the practice and says thank you', async () => {
    const sent = stubApi({ status: 201, body: { consentGiven: true } });
    open();
    expect(screen.getByText('Step 1 of 3: Consent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }));
    await userEvent.click(screen.getByRole('button', { name: 'I consent, add my GP' }));
    await userEvent.click(screen.getByRole('button', { name: "Enter my practice's details myself" }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const errorOf = (label: string) => field(label).closest('.field')!.querySelector('.field__error');
    expect(errorOf('GP practice name')).toHaveTextContent('Required');
    expect(errorOf('Address line 1')).toHaveTextContent('Required');
    expect(errorOf('Address line 2 (optional)')).toHaveTextContent('');
    expect(errorOf('City or town')).toHaveTextContent('Required');
    expect(errorOf('Postcode')).toHaveTextContent('Required');

    await userEvent.type(field('Postcode'), 'nope');
    expect(field('Postcode')).toHaveValue('NOPE');
    expect(errorOf('Postcode')).toHaveTextContent('Please enter a valid UK Postcode');

    await userEvent.type(field('GP practice name'), 'Park Surgery');
    await userEvent.type(field('Address line 1'), '1 Park Road');
    await userEvent.type(field('City or town'), 'Leeds');
    await userEvent.clear(field('Postcode'));
    await userEvent.type(field('Postcode'), 'ls14ap');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Step 3 of 3: Check and confirm')).toBeInTheDocument();
    expect(screen.getByText('LS1 4AP')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your GP details' })).toBeInTheDocument();
    expect(sent).toEqual([{ consentGiven: true, practiceName: 'Park Surgery', addressLine1: '1 Park Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP', consents: { informGp: true, verifyHistory: false } }]);
  });

  it('finds the practice in the NHS directory, moving through the list with the arrow keys, and sends its ODS code', async () => {
    const sent = stubApi({ status: 201, body: { consentGiven: true } });
    open();
    await userEvent.click(screen.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }));
    await userEvent.click(screen.getByRole('button', { name: 'I consent, add my GP' }));
    await userEvent.type(field('Practice name'), 'pa');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(field('Practice name')).toHaveAccessibleDescription(/Enter at least 3 letters of your practice's name/);
    await userEvent.clear(field('Practice name'));
    await userEvent.type(field('Practice name'), 'nowhere{Enter}');
    expect(await screen.findByText(/No practices found/)).toBeInTheDocument();
    await userEvent.clear(field('Practice name'));
    await userEvent.type(field('Practice name'), 'park{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Select your practice' });
    expect(list).toHaveAccessibleDescription('2 practices found');
    list.focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByText('Step 3 of 3: Check and confirm')).toBeInTheDocument();
    expect(screen.getByText('1 Station Road')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your GP details' })).toBeInTheDocument();
    expect(sent).toEqual([
      { consentGiven: true, odsCode: 'M85101', practiceName: 'Stechford Park Medical Centre', addressLine1: '1 Station Road', addressLine2: 'Stechford', cityOrTown: 'Birmingham', postCode: 'B33 8TH', consents: { informGp: true, verifyHistory: false } },
    ]);
  });

  it('drops the ODS code once the chosen practice is changed by hand', async () => {
    const sent = stubApi({ status: 201, body: { consentGiven: true } });
    open();
    await userEvent.click(screen.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }));
    await userEvent.click(screen.getByRole('button', { name: 'I consent, add my GP' }));
    await userEvent.type(field('Practice name'), 'park{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: /Stechford Park Medical Centre/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    await userEvent.clear(field('Address line 1'));
    await userEvent.type(field('Address line 1'), '3 Station Road');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Thank you for your GP details' });
    expect(sent).toEqual([{ consentGiven: true, practiceName: 'Stechford Park Medical Centre', addressLine1: '3 Station Road', addressLine2: 'Stechford', cityOrTown: 'Birmingham', postCode: 'B33 8TH', consents: { informGp: true, verifyHistory: false } }]);
  });

  it('does not thank a patient who skips for their GP details, and treats 409 (details already given) as done', async () => {
    const sent = stubApi({ status: 409, body: { code: 'GP_DETAILS_EXIST', message: 'We already have your GP details.' } });
    const { router } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: 'We will not contact your GP' });
    expect(dialog).toHaveTextContent('You chose not to share your GP details, and that does not affect your order.');
    expect(screen.queryByText('Thank you for your GP details')).not.toBeInTheDocument();
    expect(sent).toEqual([{ consentGiven: false, consents: { informGp: false, verifyHistory: false } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to my tasks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/health-actions'));
  });

  it("toasts 'Error completing task' on any other failure and stays on the step", async () => {
    stubApi({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Error completing task')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3: Consent')).toBeInTheDocument();
  });
});
