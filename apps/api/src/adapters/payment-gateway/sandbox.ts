import { randomUUID } from 'node:crypto';
import type { Pence } from '@elmwood/domain';
import { cardBrand, cardExpired, luhnValid, SANDBOX_CARDS, type CardDetails } from './sandbox-cards';
import { PaymentGatewayError, type Authorisation, type PaymentGateway, type PaymentSource, type SavedCard } from './port';

export const INVALID_CARD_MESSAGE = 'Please enter valid card details';

type State = 'authorised' | 'challenge' | 'declined' | 'captured' | 'voided' | 'refunded';
interface SandboxPayment {
  id: string;
  amount: Pence;
  state: State;
  card: SavedCard;
  saveCard: boolean;
  captured: Pence;
  refunded: Pence;
}

/**
 * A gateway that behaves like the real one, in this process's memory: test cards authorise, ask for a
 * 3-D Secure challenge or decline; captures, voids and refunds follow the same rules a real gateway
 * enforces; a repeated idempotency key returns the first answer. Card numbers reach only this sandbox.
 */
export function sandboxGateway({ challengeUrl }: { challengeUrl: (paymentId: string) => string }) {
  const tokens = new Map<string, { card: SavedCard; number: string }>();
  const savedCards = new Map<string, SavedCard>();
  const payments = new Map<string, SandboxPayment>();
  const answers = new Map<string, Promise<unknown>>();

  /** The promise is kept at once, so concurrent retries with one key share a single attempt. */
  function once<T>(key: string, work: () => T): Promise<T> {
    if (!answers.has(key)) answers.set(key, Promise.resolve().then(work));
    return answers.get(key) as Promise<T>;
  }
  const payment = (id: string) => {
    const found = payments.get(id);
    if (!found) throw new PaymentGatewayError(`No sandbox payment ${id}`);
    return found;
  };
  const answerFor = (record: SandboxPayment): Authorisation => {
    if (record.state === 'challenge') return { status: 'challenge', paymentId: record.id, challengeUrl: challengeUrl(record.id) };
    if (record.state === 'declined') return { status: 'declined', paymentId: record.id, reason: 'The card was declined' };
    return { status: 'authorised', paymentId: record.id, card: record.saveCard ? rememberCard(record.card) : null };
  };
  const rememberCard = (card: SavedCard): SavedCard => {
    savedCards.set(card.sourceId, card);
    return card;
  };

  function resolveSource(source: PaymentSource): { card: SavedCard; number: string } {
    if (source.type === 'token') {
      const found = tokens.get(source.token);
      if (!found) throw new PaymentGatewayError('Invalid payment token');
      return found;
    }
    if (source.type === 'saved-card') {
      const card = savedCards.get(source.sourceId);
      if (!card) throw new PaymentGatewayError('Invalid payment token');
      return { card, number: card.last4 === '3220' ? SANDBOX_CARDS.challenges : SANDBOX_CARDS.authorises };
    }
    // Wallet tokens: the sandbox wallets pay with a Visa ending 4242 unless told to decline.
    const declines = source.type === 'applepay' ? source.tokenData.data === 'sandbox-decline' : source.tokenData.signedMessage === 'sandbox-decline';
    const card: SavedCard = { sourceId: `src_sbx_${randomUUID()}`, brand: 'Visa', expiryMonth: 12, expiryYear: 2030, last4: declines ? '0002' : '4242' };
    return { card, number: declines ? SANDBOX_CARDS.declines : SANDBOX_CARDS.authorises };
  }

  const gateway: PaymentGateway & {
    tokenise(card: CardDetails, today?: Date): { token: string; card: Omit<SavedCard, 'sourceId'> };
    completeChallenge(paymentId: string, passed: boolean): void;
  } = {
    /** What the gateway's browser script does with the card form. */
    tokenise(details, today = new Date()) {
      const number = details.number.replace(/\s/g, '');
      if (!luhnValid(number) || cardExpired(details.expiryMonth, details.expiryYear, today) || !/^\d{3,4}$/.test(details.cvv)) {
        throw new PaymentGatewayError(INVALID_CARD_MESSAGE);
      }
      const token = `tok_sbx_${randomUUID()}`;
      const card: SavedCard = { sourceId: `src_sbx_${randomUUID()}`, brand: cardBrand(number), expiryMonth: details.expiryMonth, expiryYear: details.expiryYear, last4: number.slice(-4) };
      tokens.set(token, { card, number });
      const { sourceId: _hidden, ...display } = card;
      return { token, card: display };
    },

    authorise(request) {
      return once(`authorise:${request.idempotencyKey}`, () => {
        const { card, number } = resolveSource(request.source);
        const state: State = number === SANDBOX_CARDS.declines ? 'declined' : number === SANDBOX_CARDS.challenges ? 'challenge' : 'authorised';
        const record: SandboxPayment = { id: `pay_sbx_${randomUUID()}`, amount: request.amount, state, card, saveCard: request.saveCard, captured: 0, refunded: 0 };
        payments.set(record.id, record);
        return answerFor(record);
      });
    },

    async outcome(paymentId) {
      return answerFor(payment(paymentId));
    },

    /** The sandbox's challenge page reports the patient's 'Complete' or 'Fail'. */
    completeChallenge(paymentId, passed) {
      const record = payment(paymentId);
      if (record.state !== 'challenge') throw new PaymentGatewayError('This payment is not waiting for 3-D Secure');
      record.state = passed ? 'authorised' : 'declined';
    },

    capture(paymentId, amount, idempotencyKey) {
      return once(`capture:${idempotencyKey}`, () => {
        const record = payment(paymentId);
        if (record.state !== 'authorised' || amount <= 0 || amount > record.amount) throw new PaymentGatewayError('This payment cannot be captured');
        record.state = 'captured';
        record.captured = amount;
      });
    },

    void(paymentId, idempotencyKey) {
      return once(`void:${idempotencyKey}`, () => {
        const record = payment(paymentId);
        if (record.state !== 'authorised') throw new PaymentGatewayError('Only an authorised payment can be voided');
        record.state = 'voided';
      });
    },

    refund(paymentId, amount, idempotencyKey) {
      return once(`refund:${idempotencyKey}`, () => {
        const record = payment(paymentId);
        if (record.state !== 'captured' && record.state !== 'refunded') throw new PaymentGatewayError('Only a captured payment can be refunded');
        if (amount <= 0 || record.refunded + amount > record.captured) throw new PaymentGatewayError('The refund is more than was captured');
        record.refunded += amount;
        record.state = 'refunded';
      });
    },

    chargeSavedCard(charge) {
      return gateway.authorise({
        amount: charge.amount,
        reference: charge.reference,
        source: { type: 'saved-card', sourceId: charge.sourceId },
        customerEmail: '',
        saveCard: false,
        returnUrls: { success: '', failure: '' },
        idempotencyKey: charge.idempotencyKey,
      });
    },
  };
  return gateway;
}
export type SandboxGateway = ReturnType<typeof sandboxGateway>;
