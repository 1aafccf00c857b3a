/** A person's initials for an illustrative avatar: 'Dr Helen Marsh' → 'HM' (a title is not a name). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
