import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateWhenSeen } from './hydrateWhenSeen';

function Faq({ question }: { question: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {question}
      </button>
      {open ? <p>Our prescribers read every answer.</p> : null}
    </section>
  );
}

/** The same part twice: one already loaded, standing for the server, and one as a browser first meets it. */
function parts() {
  const loads = vi.fn(async () => Faq);
  return { onServer: hydrateWhenSeen(async () => Faq), inBrowser: hydrateWhenSeen(loads), loads };
}

/** An IntersectionObserver the test moves: `scrollTo()` brings every observed element into view. */
let observed: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
const scrollTo = () => {
  for (const { callback, elements } of observed) callback(elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver);
};

beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observed.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        observed = observed.filter((entry) => entry !== this.entry);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('hydrateWhenSeen', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  async function serverPage() {
    const { onServer, inBrowser, loads } = parts();
    const Server = onServer;
    // What the server does before rendering: the part's code at hand.
    const container = document.createElement('div');
    await act(async () => {
      render(<Server question="Who checks my consultation?" />, { container: document.createElement('div') });
    });
    container.innerHTML = renderToString(<Server question="Who checks my consultation?" />);
    document.body.append(container);
    const Browser = inBrowser;
    await act(async () => {
      root = hydrateRoot(container, <Browser question="Who checks my consultation?" />);
    });
    return { container, loads };
  }

  it('leaves the server’s HTML as it is, its code not fetched, until it comes into view', async () => {
    const { container, loads } = await serverPage();
    expect(screen.getByRole('button', { name: 'Who checks my consultation?' })).toBeInTheDocument();
    expect(loads).not.toHaveBeenCalled();

    await act(async () => scrollTo());
    await waitFor(() => expect(loads).toHaveBeenCalledTimes(1));
    const button = screen.getByRole('button', { name: 'Who checks my consultation?' });
    await waitFor(async () => {
      await act(async () => button.click());
      expect(button).toHaveAttribute('aria-expanded', 'true');
    });
    expect(container).toHaveTextContent('Our prescribers read every answer.');
  });

  it('holds a click made before its code came, and gives it to the running part', async () => {
    const { loads } = await serverPage();
    const button = screen.getByRole('button', { name: 'Who checks my consultation?' });
    // A tap: the pointer goes down (which asks for the code), then the click, before any code has come.
    await act(async () => {
      button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
      button.click();
    });
    await waitFor(() => expect(loads).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByText('Our prescribers read every answer.')).toBeInTheDocument();
  });

  it('on a page the browser renders itself, loads and shows the part at once', async () => {
    const { inBrowser: Part, loads } = parts();
    // Awaited: jsdom's React retries a suspended render only within an async act.
    await act(async () => {
      render(<Part question="Can I cancel?" />);
    });
    expect(await screen.findByRole('button', { name: 'Can I cancel?' })).toBeInTheDocument();
    expect(loads).toHaveBeenCalledTimes(1);
    expect(observed).toHaveLength(0);
  });
});
