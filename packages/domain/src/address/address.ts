import { z } from 'zod';
import { personNameSchema } from '../identity/name';
import { phoneNumberSchema } from '../identity/phone';
import { addressLine1Schema, addressLine2Schema, citySchema } from './lines';
import { postcodeSchema } from './postcode';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A checkout (delivery or billing) address; the shop delivers to GB only. */
export const addressSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  company: addressLine1Schema,
  street: addressLine2Schema,
  city: citySchema,
  postcode: postcodeSchema,
  countryCode: z.literal('GB').default('GB'),
  phoneNumber: z.preprocess(blankToUndefined, phoneNumberSchema.optional()),
});
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/**
 * The address form of the shipping address manager: the phone number the courier texts with delivery updates is
 * asked for there, so it is required ('Required' under 9 characters). The API still takes an address without one
 * (addresses saved before the field existed, and an order's billing address).
 */
export const deliveryAddressSchema = addressSchema.extend({ phoneNumber: phoneNumberSchema });
