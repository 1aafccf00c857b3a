import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a number read out over the phone is not misheard. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * 'EH-7KQ4-M2XP': short enough to read out, random enough (31⁸ ≈ 8.5 × 10¹¹) that numbers cannot be walked;
 * every read checks the owner anyway.
 */
export function newOrderNumber(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `EH-${part()}-${part()}`;
}

export { ORDER_NUMBER_PATTERN } from '@elmwood/domain';
