import { z } from 'zod';
import type { BirthdayRuleOptions } from './birthday';
import { birthdaySchema, isoBirthdaySchema } from './birthday-schema';
import { mustBeTicked, nameConfirmationSchema } from './consent';
import { emailSchema } from './email';
import { REQUIRED_MESSAGE } from './messages';
import { personNameSchema } from './name';
import { loginPasswordSchema, newPasswordSchema } from './password';
import { phoneNumberSchema } from './phone';
import { VISITOR_ID_MAX_LENGTH } from '../experiments/bucket';

export interface SignupSchemaOptions extends BirthdayRuleOptions {
  /** A male first name was detected and the form shows the name confirmation. */
  requireNameConfirmation?: boolean;
  /** The cart holds an unlicensed product, so the terms box also accepts its disclaimer. */
  requireUnlicensedDisclaimer?: boolean;
  /** The checkout experiment's 'Please agree to our updated terms'. */
  termsMessage?: string;
  /** The form reads the birthday as typed (DD/MM/YYYY); the API receives it already sent as YYYY-MM-DD. */
  birthdayFormat?: 'typed' | 'iso';
}

/** The signup payload of SPEC §3, as the form submits it and the API receives it. */
export function signupSchema(options: SignupSchemaOptions) {
  return z.object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    plainPassword: newPasswordSchema,
    phoneNumber: phoneNumberSchema,
    birthday: options.birthdayFormat === 'iso' ? isoBirthdaySchema(options) : birthdaySchema(options),
    unlicensedProductDisclaimerAccepted: options.requireUnlicensedDisclaimer
      ? mustBeTicked(REQUIRED_MESSAGE)
      : z.boolean().default(false),
    agreeTermsAndPrivacy: mustBeTicked(options.termsMessage ?? REQUIRED_MESSAGE),
    subscribedToNewsletter: z.boolean().default(false),
    nameConfirmation: options.requireNameConfirmation ? nameConfirmationSchema : z.boolean().optional(),
    cartToken: z.string().min(1).max(128).optional(),
    invitedBy: z.string().min(1).optional(),
    /** The browser's visitor id: the account keeps the experiment buckets the visitor was in (experiments/bucket.ts). */
    visitorId: z.string().min(1).max(VISITOR_ID_MAX_LENGTH).optional(),
  });
}
export type SignupPayload = z.output<ReturnType<typeof signupSchema>>;

export const loginSchema = z.object({
  _username: emailSchema,
  _password: loginPasswordSchema,
});
export type LoginPayload = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** 'Update account' (SPEC §4): what a signed-in patient may be missing before checkout. */
export function updateAccountSchema(options: Omit<SignupSchemaOptions, 'birthdayFormat'>) {
  return z.object({
    birthday: isoBirthdaySchema(options).optional(),
    phoneNumber: phoneNumberSchema.optional(),
    unlicensedProductDisclaimerAccepted: options.requireUnlicensedDisclaimer ? mustBeTicked(REQUIRED_MESSAGE) : z.boolean().optional(),
  });
}
