import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './SiteFooter';

// Tells React this is a test environment, so act() is supported.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const footer = () => (
  <MemoryRouter>
    <SiteFooter />
  </MemoryRouter>
);

describe('SiteFooter', () => {
  it('pre-rendered one year and opened the next, it hydrates without a mismatch and shows the new year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T12:00:00Z'));
    const html = renderToString(footer());
    expect(html.replace(/<!--.*?-->/g, '')).not.toContain('2026');

    vi.setSystemTime(new Date('2027-01-02T09:00:00Z'));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, footer(), { onRecoverableError: (error) => console.error(error) });
    });
    expect(container.textContent).toContain('© 2027 ');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
