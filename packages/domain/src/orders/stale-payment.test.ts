import { describe, expect, it } from 'vitest';
import { decideStalePayment, releaseSuperseded, type GatewayPaymentRecord } from './stale-payment';

const record = (paymentId: string, status: GatewayPaymentRecord['status'], amount = 14900): GatewayPaymentRecord => ({ paymentId, status, amount });

describe('decideStalePayment', () => {
  it('completes the order with an authorisation of its total, releasing any other', () => {
    expect(decideStalePayment(14900, [record('a', 'authorised')])).toEqual({ action: 'complete', paymentId: 'a', release: [] });
    expect(decideStalePayment(14900, [record('b', 'authorised'), record('a', 'authorised')])).toEqual({ action: 'complete', paymentId: 'b', release: ['a'] });
  });

  it('fails the order and releases an authorisation of another amount', () => {
    expect(decideStalePayment(14900, [record('a', 'authorised', 100)])).toEqual({ action: 'fail', event: 'superseded', release: ['a'] });
  });

  it('fails as a decline only when the gateway declined every payment', () => {
    expect(decideStalePayment(14900, [record('a', 'declined')])).toEqual({ action: 'fail', event: 'declined', release: [] });
    expect(decideStalePayment(14900, [record('a', 'declined'), record('b', 'pending')])).toEqual({ action: 'fail', event: 'superseded', release: [] });
  });

  it('fails an attempt the gateway never saw, or whose challenge was never finished, as superseded', () => {
    expect(decideStalePayment(14900, [])).toEqual({ action: 'fail', event: 'superseded', release: [] });
    expect(decideStalePayment(14900, [record('a', 'pending')])).toEqual({ action: 'fail', event: 'superseded', release: [] });
  });
});

describe('releaseSuperseded', () => {
  it('releases every authorisation and stays watched while a challenge could still be finished', () => {
    expect(releaseSuperseded([record('a', 'authorised'), record('b', 'pending')])).toEqual({ release: ['a'], settled: false });
    expect(releaseSuperseded([record('a', 'voided'), record('b', 'declined')])).toEqual({ release: [], settled: true });
    expect(releaseSuperseded([])).toEqual({ release: [], settled: true });
  });
});
