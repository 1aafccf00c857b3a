import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  INVALID_PAYMENT_TOKEN,
  isApplePayValidationUrl,
  isPaymentTokenProvider,
  PAYMENT_ERROR,
  tokenProviderForMode,
  paymentConfigSchema,
  savedPaymentTokenSchema,
  type SavedPaymentToken,
} from '@elmwood/domain';
import { PaymentGatewayError, type PaymentEvent } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireCustomer } from '../auth/authentication';
import type { AuthService } from '../auth/service';
import { createHash } from 'node:crypto';
import { switchSubscriptionsToCard } from '../account/index';
import { listPaymentTokens, saveDefaultPaymentToken } from '../orders/index';
import type { PaymentSetup } from './setup';

const validateSessionQuery = z.object({ applePayMerchantIdentifier: z.string().min(1).max(200) });
const validateSessionBody = z.object({ appleUrl: z.string().min(1).max(500), domainName: z.string().min(1).max(253) });
export const CARD_NEEDS_AUTHENTICATION_MESSAGE =
  'Your bank needs to confirm this card, which we cannot do from this page yet. Please try another card.';
const invalidToken = () => new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);

/** The payment provider's browser configuration, the patient's saved cards, and Apple Pay merchant validation. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payment: PaymentSetup; db: Db; auth: AuthService; brandName: string }> = async (app, { payment, db, auth, brandName }) => {
  app.get(
    '/payment/config',
    { schema: { tags: ['payment'], summary: 'What the browser needs to tokenise cards and wallets with the provider', response: { 200: paymentConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(payment.browser),
  );

  app.get(
    '/me/payment-tokens',
    {
      schema: {
        tags: ['payment'],
        summary: 'The signed-in patient’s saved cards and wallets, default first',
        response: { 200: z.array(savedPaymentTokenSchema), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const rows = await listPaymentTokens(db, customer.id);
      const tokens: SavedPaymentToken[] = rows
        .filter((row) => isPaymentTokenProvider(row.provider))
        .map((row) => ({
          id: row.id,
          type: row.provider,
          details: { brand: row.brand, last4: row.last4, expiryMonth: row.expiryMonth, expiryYear: row.expiryYear },
          isDefault: row.isDefault,
        }));
      return reply.header('cache-control', 'no-store').send(tokens);
    },
  );

  app.post(
    '/me/payment-tokens',
    {
      schema: {
        tags: ['payment'],
        summary: 'Save a card tokenised in the browser as the default (verified without charge); plans renew on it from now',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 201: savedPaymentTokenSchema, 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const returnUrl = `${request.protocol}://${request.host}/account/details/change/billing-method`;
      let answer;
      try {
        answer = await payment.gateway.saveCard({
          token: request.body.token,
          reference: `card-${customer.uid.slice(0, 8)}`,
          customerEmail: customer.email,
          returnUrls: { success: returnUrl, failure: returnUrl },
          // The same token sent twice (a double click) is verified once.
          idempotencyKey: `save-card:${customer.uid}:${createHash('sha256').update(request.body.token).digest('hex')}`,
        });
      } catch (error) {
        if (error instanceof PaymentGatewayError && error.reason === 'invalid_token') throw invalidToken();
        throw error;
      }
      if (answer.status === 'declined') throw new AppError(402, PAYMENT_ERROR.declined, answer.reason);
      if (answer.status === 'challenge' || !answer.card) {
        throw new AppError(422, 'CARD_NEEDS_AUTHENTICATION', CARD_NEEDS_AUTHENTICATION_MESSAGE);
      }
      const card = answer.card;
      const provider = tokenProviderForMode('NEW_CARD')!;
      const id = await db.transaction(async (tx) => {
        const tokenId = await saveDefaultPaymentToken(tx, {
          customerId: customer.id,
          provider,
          gatewaySourceId: card.sourceId,
          brand: card.brand,
          last4: card.last4,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
        });
        await switchSubscriptionsToCard(tx, customer.id, tokenId);
        return tokenId;
      });
      const saved: SavedPaymentToken = {
        id,
        type: provider,
        details: { brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
        isDefault: true,
      };
      return reply.status(201).header('cache-control', 'no-store').send(saved);
    },
  );

  app.post(
    '/applepay/validate-session',
    {
      schema: {
        tags: ['payment'],
        summary: 'Apple Pay merchant validation: the merchant session for Apple Pay JS',
        querystring: validateSessionQuery,
        body: validateSessionBody,
        response: { 200: z.record(z.string(), z.unknown()), 400: apiErrorSchema, 401: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireCustomer(request);
      const { appleUrl, domainName } = request.body;
      // Only Apple's own gateway, only for our merchant id and our own domain: anything else is not Apple asking.
      if (!payment.applePayMerchantId || request.query.applePayMerchantIdentifier !== payment.applePayMerchantId) throw invalidToken();
      if (!isApplePayValidationUrl(appleUrl) || domainName.toLowerCase() !== request.hostname.toLowerCase()) throw invalidToken();
      try {
        const session = await payment.gateway.validateApplePayMerchant({
          validationUrl: appleUrl,
          domainName,
          merchantIdentifier: payment.applePayMerchantId,
          displayName: brandName,
        });
        return reply.header('cache-control', 'no-store').send(session);
      } catch (error) {
        if (error instanceof PaymentGatewayError) throw invalidToken();
        throw error;
      }
    },
  );
};

/**
 * POST /shop-api/payment/webhook: the provider's notifications, checked against their signature over the raw body
 * (so this plugin reads JSON as text). A forged or unreadable one answers 401 and changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ payment: PaymentSetup; onEvent: (event: PaymentEvent) => Promise<void> }> = async (
  app,
  { payment, onEvent },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/payment/webhook',
    { schema: { tags: ['payment'], summary: 'Payment provider notifications (signed)', response: { 200: z.object({ received: z.boolean() }), 401: apiErrorSchema } } },
    async (request) => {
      let event;
      try {
        event = payment.gateway.parseWebhook(typeof request.body === 'string' ? request.body : '', request.headers);
      } catch (error) {
        if (error instanceof PaymentGatewayError) throw new AppError(401, 'INVALID_SIGNATURE', 'The notification could not be verified.');
        throw error;
      }
      await onEvent(event);
      return { received: true };
    },
  );
};
