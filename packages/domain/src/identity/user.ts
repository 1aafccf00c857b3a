import { z } from 'zod';

/** The signed-in patient as GET /shop-api/me returns them (SPEC §3 User). */
export const userSchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  /** Credit in pence, spent before the card at checkout. */
  customerBalance: z.number().int(),
  hasAcceptedUnlicensedProductDisclaimer: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** 'Update account' applies to a signed-in patient missing what a prescriber needs (SPEC §4 Auth mode). */
export function needsAccountUpdate(user: User, { unlicensedProduct }: { unlicensedProduct: boolean }): boolean {
  return !user.birthday || !user.phoneNumber || (unlicensedProduct && !user.hasAcceptedUnlicensedProductDisclaimer);
}
