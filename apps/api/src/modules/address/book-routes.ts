import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_IN_USE_MESSAGE, addressSchema, apiErrorSchema, cartAddressSchema } from '@elmwood/domain';
import { AppError, notFound } from '../../lib/errors';
import { idParam, parseBody } from '../../lib/validation';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { AddressBookRepo, AddressRow } from './book-repo';

const savedAddressSchema = cartAddressSchema.extend({ id: z.number().int(), isDefault: z.boolean() });
const addressBodyDoc = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  street: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
  countryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
});
const idParams = z.object({ id: idParam });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const ADDRESS_NOT_FOUND = 'We could not find that address.';

function toSaved(row: AddressRow, defaultId: number | null) {
  return { ...row, countryCode: 'GB' as const, isDefault: row.id === defaultId };
}

/** The signed-in patient's saved addresses (Sylius address book). Creating or editing one makes it the default. */
export async function addressBookRoutes(app: FastifyInstance, { repo, auth }: { repo: AddressBookRepo; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: Parameters<typeof requireCustomer>[0]) => (await auth.customer(requireCustomer(request))).id;

  api.get('/address-book', { schema: { tags: ['address'], response: { 200: z.array(savedAddressSchema), ...errors } } }, async (request) => {
    const customerId = await signedIn(request);
    const defaultId = await repo.defaultId(customerId);
    return (await repo.list(customerId)).map((row) => toSaved(row, defaultId));
  });

  api.post(
    '/address-book',
    { schema: { tags: ['address'], body: addressBodyDoc, response: { 201: savedAddressSchema, ...errors } } },
    async (request, reply) => {
      const customerId = await signedIn(request);
      const row = await repo.create(customerId, parseBody(addressSchema, request.body));
      await repo.setDefault(customerId, row.id);
      return reply.status(201).send(toSaved(row, row.id));
    },
  );

  api.put(
    '/address-book/:id',
    { schema: { tags: ['address'], params: idParams, body: addressBodyDoc, response: { 200: savedAddressSchema, ...errors } } },
    async (request) => {
      const customerId = await signedIn(request);
      const row = await repo.update(customerId, request.params.id, parseBody(addressSchema, request.body));
      if (!row) throw notFound(ADDRESS_NOT_FOUND);
      await repo.setDefault(customerId, row.id);
      return toSaved(row, row.id);
    },
  );

  api.patch(
    '/address-book/:id/default',
    { schema: { tags: ['address'], params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await repo.setDefault(await signedIn(request), request.params.id))) throw notFound(ADDRESS_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/address-book/:id',
    {
      schema: {
        tags: ['address'],
        summary: 'Delete a saved address; 409 ADDRESS_IN_USE while an order in progress is delivered or billed there',
        params: idParams,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customerId = await signedIn(request);
      if (await repo.usedByOrderInProgress(customerId, request.params.id)) throw new AppError(409, 'ADDRESS_IN_USE', ADDRESS_IN_USE_MESSAGE);
      if (!(await repo.remove(customerId, request.params.id))) throw notFound(ADDRESS_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
}
