import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';
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
});
