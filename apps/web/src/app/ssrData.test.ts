import { describe, expect, it } from 'vitest';
import { readSsrData, scriptSafeJson, SSR_DATA_ID } from './ssrData';

describe('scriptSafeJson', () => {
  const hostile = { text: '</script><script>alert(1)</script>', comment: '<!-- x -->', separators: 'a\u2028b\u2029c', amp: 'Tom & Jerry > Spike' };

  it('cannot close the script element, open a comment or end a line inside it', () => {
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptSafeJson(hostile))).toEqual(hostile);
  });

  it('reads back from the page the server sent, through the HTML parser', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SSR_DATA_ID}">${scriptSafeJson({ queries: hostile, quizFormReply: null })}</script>`;
    expect(readSsrData(document)).toEqual({ queries: hostile, quizFormReply: null });
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('finds no data on a page the browser renders alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readSsrData(document)).toBeNull();
  });
});
