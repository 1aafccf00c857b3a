import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  cardVerificationSchema,
  INVALID_PAYMENT_TOKEN,
  isApplePayValidationUrl,
  isPaymentTokenProvider,
  PAYMENT_ERROR,
  paymentConfigSchema,
  savedPaymentTokenSchema,
  type SavedPaymentToken,
} from '@elmwood/domain';
import { PaymentGatewayError, type PaymentEvent } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { BillingService } from '../account/index';
import { listPaymentTokens } from '../orders/index';
import type { PaymentSetup } from './setup';

const validateSessionQuery = z.object({ applePayMerchantIdentifier: z.string().min(1).max(200) });
const validateSessionBody = z.object({ appleUrl: z.string().min(1).max(500), domainName: z.string().min(1).max(253) });
const invalidToken = () => new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);

/** The payment provider's browser configuration, the patient's saved cards, and Apple Pay merchant validation. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payment: PaymentSetup; db: Db; auth: SignedInPatients; brandName: string; billing: BillingService }> = async (
  app,
  { payment, db, auth, brandName, billing },
) => {
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
        response: {
          201: savedPaymentTokenSchema,
          202: cardVerificationSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      // The challenge frame lands on the shop's payment-return page, as at checkout; the page then confirms.
      const returnUrl = `${request.protocol}://${request.host}/checkout/payment-return?card=1`;
      const result = await billing.save(customer, request.body.token, returnUrl, request.ip);
      reply.header('cache-control', 'no-store');
      if (result.status === 'saved') return reply.status(201).send(result.paymentToken);
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/me/payment-tokens/confirm',
    {
      schema: {
        tags: ['payment'],
        summary: "Save the card once the bank's 3-D Secure check is done (the verification from the 202 reply)",
        body: z.object({ verification: z.string().min(1).max(400) }),
        response: { 201: savedPaymentTokenSchema, 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', 'no-store').send(await billing.confirm(customer, request.body.verification));
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
