import { screen, waitFor } from '@testing-library/react';
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
    await userEvent.click(screen.getByRole('button', { name: 'I consent, add my GP' }));
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
    expect(sent).toEqual([{ consentGiven: true, practiceName: 'Park Surgery', addressLine1: '1 Park Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP' }]);
  });

  it('treats 409 (details already given) as done when skipping', async () => {
    const sent = stubApi({ status: 409, body: { code: 'GP_DETAILS_EXIST', message: 'We already have your GP details.' } });
    const { router } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your GP details' })).toBeInTheDocument();
    expect(sent).toEqual([{ consentGiven: false }]);
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
