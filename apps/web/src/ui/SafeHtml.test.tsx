import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adoptServerSanitised, loadSanitizer, renderCollectingSanitised, SafeHtml } from './SafeHtml';
import { sanitizeHtml } from './sanitizeHtml';

describe('SafeHtml', () => {
  it('keeps ordinary markup', async () => {
    render(<SafeHtml html="<p>Take <strong>one</strong> tablet.</p><ul><li>With water</li></ul>" />);
    expect((await screen.findByText('one')).tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('With water');
  });

  it('removes scripts and event handlers', async () => {
    const { container } = render(
      <SafeHtml html={'<p>Hello</p><script>window.hacked = true</script><img src="x.png" alt="Pack" onerror="window.hacked = true">'} />,
    );
    const img = await screen.findByRole('img', { name: 'Pack' });
    expect(container.querySelector('script')).toBeNull();
    expect(img).not.toHaveAttribute('onerror');
    expect(container.innerHTML).not.toMatch(/hacked/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('strips javascript: links, inline styles and forms', () => {
    const clean = sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><p style="position:fixed">y</p><form action="/steal"><input name="card"></form>',
    );
    expect(clean).not.toMatch(/javascript:/);
    expect(clean).not.toMatch(/style=/);
    expect(clean).not.toMatch(/<form|<input/);
  });

  it('shows plain text at once, as text', () => {
    const { container } = render(<SafeHtml as="span" html="What is your height and weight? (5'10 > 5'9)" />);
    expect(container.firstElementChild).toHaveTextContent("What is your height and weight? (5'10 > 5'9)");
    expect(container.querySelector('span')?.childElementCount).toBe(0);
  });

  it('treats an entity as markup', async () => {
    render(<SafeHtml html="Fish &amp; chips" />);
    await waitFor(() => expect(screen.getByText('Fish & chips')).toBeInTheDocument());
  });

  it('protects links that open a new window', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank">x</a>')).toMatch(/rel="noopener noreferrer"/);
  });

  it('hands the markup a server render sanitised to the page, and the browser shows it as sent, without sanitising', async () => {
    await loadSanitizer();
    const markup = '<p>Once <em>weekly</em></p><img src="x.png" alt="" onerror="alert(1)">';
    const { html, sanitised } = renderCollectingSanitised(() => renderToString(<SafeHtml html={markup} />));
    expect(sanitised).toEqual({ [markup]: sanitizeHtml(markup) });
    expect(html).toContain(sanitizeHtml(markup));

    // What the server sent is what shows, even where the browser's sanitiser would differ.
    const sent = '<p>As <strong>sent</strong></p>';
    adoptServerSanitised({ '<p>raw</p>': sent });
    const { container } = render(<SafeHtml html="<p>raw</p>" />);
    expect(container.firstElementChild?.innerHTML).toBe(sent);
  });
});
