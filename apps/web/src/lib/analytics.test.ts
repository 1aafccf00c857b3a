import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendAnalyticsEvent, setAnalyticsExperiments } from './analytics';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function captureFetch() {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response(null, { status: 204 });
  });
  return bodies;
}

describe('analytics events', () => {
  it('carry no buckets before any are known', async () => {
    const bodies = captureFetch();
    sendAnalyticsEvent('Task Shown', { code: 'x' });
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ eventName: 'Task Shown', data: { code: 'x', experiments: {} } });
  });
  it('carry every experiment bucket recorded in this session', async () => {
    const bodies = captureFetch();
    setAnalyticsExperiments({ 'critical-tasks-thank-you': 'app' });
    setAnalyticsExperiments({ 'recurring-discount': 'gift' });
    sendAnalyticsEvent('Task Selected', {});
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      eventName: 'Task Selected',
      data: { experiments: { 'critical-tasks-thank-you': 'app', 'recurring-discount': 'gift' } },
    });
  });
});
