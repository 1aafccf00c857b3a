import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportOrderView } from '@elmwood/domain';
import { orderReview, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

/** The order as the API answers support: the review without its clinical record. */
function supportView(): SupportOrderView {
  const { consultations: _consultations, measurements: _measurements, photos: _photos, gp: _gp, ...order } = orderReview();
  return { ...order, view: 'support', renewal: { deliveryDate: '2026-12-20' } };
}

describe("support's order page", () => {
  it('shows the status, delivery, payment and contact, and the cancel action, with no clinical section', async () => {
    stubClinicApi({ 'GET /shop-api/clinic/me': [200, supportMember], 'GET /shop-api/clinic/orders/EH-TEST-0001': [200, supportView()] });
    renderClinic('/clinic/orders/EH-TEST-0001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order EH-TEST-0001' })).toBeInTheDocument();
    for (const section of ['Patient', 'Order', 'Tasks', 'History', 'Previous orders']) expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Patient' })).toHaveTextContent('alex@example.com');
    expect(screen.getByRole('region', { name: 'Patient' })).toHaveTextContent('12 High Street');
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('authorised');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByText('Renewal')).toBeInTheDocument();

    for (const clinical of [/^Consultation/, 'BMI and weight', 'Photos', 'GP']) expect(screen.queryByRole('region', { name: clinical })).not.toBeInTheDocument();
    expect(screen.getByText('The patient’s answers, measurements, photos and GP are for the clinical team only, so they are not shown here.')).toBeInTheDocument();
  });
});
