import { isCardExpired } from '@elmwood/domain';

/** The sandbox's test cards, as a real gateway documents them. */
export const SANDBOX_CARDS = {
  authorises: '4242424242424242',
  challenges: '4000000000003220',
  declines: '4000000000000002',
} as const;

/** What a wallet's token data says to make the sandbox decline it; otherwise it pays with a Visa ending 4242. */
export const SANDBOX_WALLET_DECLINE = 'sandbox-decline';

export type SandboxBehaviour = 'authorise' | 'challenge' | 'decline';

export function behaviourOf(digits: string): SandboxBehaviour {
  if (digits === SANDBOX_CARDS.challenges) return 'challenge';
  if (digits === SANDBOX_CARDS.declines) return 'decline';
  return 'authorise';
}

/** The scheme's name as Checkout.com spells it in token replies. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** A card is usable through the last day of its expiry month; a month that is no month is refused. */
export function cardExpired(month: number, year: number, today: Date): boolean {
  return month < 1 || month > 12 || isCardExpired({ month, year }, today);
}
