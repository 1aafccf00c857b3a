/** Where the server reads the cookies of the request it renders a page for (src/entry-server.tsx sets it). */
let serverCookieHeader: () => string = () => '';

/** For server rendering: the Cookie header of the request being rendered, read as `document.cookie` is in a browser. */
export function readServerCookiesWith(read: () => string): void {
  serverCookieHeader = read;
}

/** A first-party cookie's value (decoded), or null: the page's own in a browser, the request's on the server. */
export function readCookie(name: string): string | null {
  const header = typeof document === 'undefined' ? serverCookieHeader() : document.cookie;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Sets (or, with null, removes) a first-party cookie scripts can read, sent only to pages under `path`. */
export function writeCookie(name: string, value: string | null, { path, maxAgeSeconds }: { path: string; maxAgeSeconds: number }): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === null ? 0 : maxAgeSeconds;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; Max-Age=${lifetime}; Path=${path}; SameSite=Lax${secure}`;
}
