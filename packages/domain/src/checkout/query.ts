/**
 * Reads one query value from a search string ('?a=1&b=2', 'a=1', or a whole '/path?a=1#x').
 * Written by hand because the domain package compiles without DOM or Node types (no URLSearchParams).
 */
export function queryValue(search: string, name: string): string | null {
  const start = search.indexOf('?');
  const query = (start === -1 ? search : search.slice(start + 1)).split('#')[0] ?? '';
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    if (key === name) return decode(equals === -1 ? '' : pair.slice(equals + 1));
  }
  return null;
}

function decode(component: string): string {
  const spaced = component.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
