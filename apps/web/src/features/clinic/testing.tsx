import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { OrderReview, StaffMember, TriggeredRule } from '@elmwood/domain';
import { testQueryClient } from '../../test/render';
import { Component as ClinicLayout } from './routes/ClinicLayout';
import { Component as AuditLogRoute } from './routes/AuditLogRoute';
import { Component as DeletionRequestRoute } from './routes/DeletionRequestRoute';
import { Component as FindOrderRoute } from './routes/FindOrderRoute';
import { Component as LoginRoute } from './routes/LoginRoute';
import { Component as OrderReviewRoute } from './routes/OrderReviewRoute';
import { Component as RequireStaff } from './routes/RequireStaff';
import { Component as StuckMessagesRoute } from './routes/StuckMessagesRoute';
import { Component as FailedWorkRoute } from './routes/FailedWorkRoute';
import { Component as UrgentItemRoute } from './routes/UrgentItemRoute';

/** Shows where a navigation ended, for asserting redirects. */
function Landed() {
  return <h1>Landed on {useLocation().pathname}</h1>;
}

/** The console's route tree as the app mounts it (loaded up front), at `url`, with the pages under test. */
export function renderClinic(url: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/clinic',
        Component: ClinicLayout,
        children: [
          { path: 'login', Component: LoginRoute },
          {
            Component: RequireStaff,
            children: [
              { path: 'orders', Component: FindOrderRoute },
              { path: 'orders/:number', Component: OrderReviewRoute },
              { path: 'deletion-requests/:id', Component: DeletionRequestRoute },
              { path: 'messages', Component: StuckMessagesRoute },
              { path: 'failed-work', Component: FailedWorkRoute },
              { path: 'urgent/:id', Component: UrgentItemRoute },
              { path: 'audit', Component: AuditLogRoute },
              { path: '*', Component: Landed },
            ],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Stubs fetch with answers by 'METHOD /path' (a function answers per call); records every call. */
export function stubClinicApi(routes: Record<string, [number, unknown] | ((body: unknown) => [number, unknown])>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const [status, reply] = typeof route === 'function' ? route(body) : (route ?? [404, { code: 'NOT_FOUND', message: 'Not found' }]);
    return status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

export const prescriber: StaffMember = {
  id: 'staff-1',
  email: 'prescriber@elmwood-health.example',
  name: 'Dr Ana Patel',
  role: 'prescriber',
  registration: { body: 'GMC', number: '7012345' },
};

export const pharmacist: StaffMember = { id: 'staff-2', email: 'pharmacist@elmwood-health.example', name: 'Sam Lee', role: 'pharmacist', registration: null };

export const supportMember: StaffMember = { id: 'staff-3', email: 'support@elmwood-health.example', name: 'Kim Ode', role: 'support', registration: null };


/** A triggered rule as the order keeps it, for the review page's tests. */
export const HYPOGLYCAEMIA_RULE: TriggeredRule = {
  ruleId: 'hypoglycaemia-risk',
  kind: 'flag',
  level: 'review',
  summary: 'Takes insulin or a sulfonylurea: risk of hypoglycaemia, review the diabetes doses',
  questionIds: ['wl_medicine_classes'],
  productCode: null,
  source: 'Wegovy SmPC 4.4 and 4.5; Mounjaro SmPC 4.4 and 4.5',
  rationale: 'With insulin or a sulfonylurea the risk of hypoglycaemia rises.',
};
export function orderReview(overrides: Partial<OrderReview> = {}): OrderReview {
  return {
    view: 'clinical',
    orderNumber: 'EH-TEST-0001',
    state: 'in_review',
    paymentState: 'authorised',
    placedAt: '2026-11-20T10:00:00.000Z',
    patient: { id: 'p1', name: 'Alex Smith', email: 'alex@example.com', phoneNumber: '07700900123', birthday: '1985-04-12' },
    items: [
      {
        productCode: 'WEGOVY',
        productSlug: 'wegovy',
        productName: 'Wegovy',
        variantCode: 'WEGOVY_025',
        variantName: '0.25 mg',
        dosage: '0.25 mg weekly',
        frequency: 30,
        quantity: 1,
        unitPrice: 19900,
        total: 19900,
        image: null,
      },
    ],
    needsPrescriber: true,
    totals: { subtotal: 19900, discount: 0, shipping: 0, credit: 0, total: 19900 },
    shippingAddress: { firstName: 'Alex', lastName: 'Smith', street: '12 High Street', city: 'Leeds', postcode: 'LS1 4AP' },
    billingAddress: {},
    consultations: [
      {
        questionnaireSlug: 'weight-loss',
        questionnaireTitle: 'Weight loss',
        answers: [
          { questionId: 'wl_sex', question: 'What sex were you assigned at birth?', type: 'choice', answer: 'male', answerText: 'Male', rules: [] },
          {
            questionId: 'wl_medicine_classes',
            question: 'Do you take any of these?',
            type: 'multichoice',
            answer: ['insulin'],
            answerText: 'Insulin',
            rules: [HYPOGLYCAEMIA_RULE],
          },
        ],
        outcome: { complete: true, rejection: null, facts: { bmi: 32.7 }, eligibleProducts: ['WEGOVY'], eligibleProductsText: 'Wegovy', triggeredRules: [HYPOGLYCAEMIA_RULE] },
        copiedAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    measurements: [{ orderNumber: 'EH-TEST-0001', source: 'consultation', at: '2026-11-20T10:00:00.000Z', bmi: 32.7, weightKg: 100, heightCm: 175 }],
    photos: [
      { id: 'up-1', category: 'I', title: 'Photo ID', uploadedAt: '2026-11-20T11:00:00.000Z' },
      { id: 'up-2', category: 'W', title: 'Full-length photo', uploadedAt: '2026-11-20T11:05:00.000Z' },
    ],
    gp: { consentGiven: true, practiceName: 'Park Surgery', addressLine1: '1 Park Road', addressLine2: null, cityOrTown: 'Leeds', postCode: 'LS1 4AP', odsCode: 'B86101' },
    tasks: [],
    informationRequests: [],
    history: [],
    previousOrders: [],
    tracking: null,
    refunded: 0,
    renewal: null,
    supportThreads: [],
    dose: null,
    possibleSecondAccounts: [],
    verification: null,
    prescriber: null,
    companion: { injections: [], missedSinceLastDelivery: [], diary: [] },
    ...overrides,
  };
}

export const adminMember: StaffMember = { id: 'staff-4', email: 'admin@elmwood-health.example', name: 'Lee Grant', role: 'admin', registration: null };
