import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('keeps ordinary markup', () => {
    render(<SafeHtml html="<p>Take <strong>one</strong> tablet.</p><ul><li>With water</li></ul>" />);
    expect(screen.getByText('one').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('With water');
  });

  it('removes scripts and event handlers', () => {
    const { container } = render(
      <SafeHtml html={'<p>Hello</p><script>window.hacked = true</script><img src="x.png" alt="Pack" onerror="window.hacked = true">'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    const img = screen.getByRole('img', { name: 'Pack' });
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

  it('protects links that open a new window', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank">x</a>')).toMatch(/rel="noopener noreferrer"/);
  });
});
