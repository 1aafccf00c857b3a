/** Attribute values arrive as plain text or as small objects; this reads the first non-empty text among `keys`. */
export function textOf(value: unknown, keys: readonly string[]): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (value && typeof value === 'object') {
    for (const key of keys) {
      const candidate = (value as Record<string, unknown>)[key];
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    }
  }
  return null;
}
