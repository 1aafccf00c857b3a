import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecordedGpConsent } from '@elmwood/domain';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  /** The public id (referral links, tokens); the serial id never leaves the server. */
  uid: uuid('uid').notNull().unique().defaultRandom(),
  /** Lower-cased and trimmed, so one address is one account. */
  email: text('email').notNull().unique(),
  /** Null for a patient who only ever signed in with Google or Apple. */
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number'),
  birthday: date('birthday', { mode: 'string' }),
  hasAcceptedUnlicensedProductDisclaimer: boolean('has_accepted_unlicensed_product_disclaimer').notNull().default(false),
  subscribedToNewsletter: boolean('subscribed_to_newsletter').notNull().default(false),
  invitedBy: text('invited_by'),
  /** When the patient first opened the mobile app; the get-app banner hides once it is set. */
  firstAppOpenAt: timestamp('first_app_open_at', { withTimezone: true }),
  defaultShippingAddressId: integer('default_shipping_address_id').references((): AnyPgColumn => addresses.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rotated refresh tokens, stored as SHA-256 hashes. Every token of one sign-in shares a family; presenting
 * a token that was already rotated means it was copied, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family').on(table.family)],
);

/** Single-use password-reset links, stored as SHA-256 hashes; the link itself is only ever in the email. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a sign-up form gave besides its email and password, kept until the email is confirmed. */
export interface PendingSignupDetails {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  birthday: string;
  hasAcceptedUnlicensedProductDisclaimer: boolean;
  subscribedToNewsletter: boolean;
  cartToken: string | null;
  invitedBy: string | null;
  visitorId: string | null;
}

/**
 * An email sign-up waiting for its 6-digit code: the account opens only once the code from the email is entered.
 * Every sign-up writes one, a taken email's included (its owner is emailed instead and no code is sent), so the two
 * answers do the same work. Bound to the browser that asked (its SignUp cookie, kept as a hash): someone else's
 * sign-up with the same email can neither replace this one nor be confirmed with its code.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: serial('id').primaryKey(),
    browserTokenHash: text('browser_token_hash').notNull().unique(),
    /** Lower-cased and trimmed, as customers.email. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    details: jsonb('details').$type<PendingSignupDetails>().notNull(),
    /** HMAC of the code (keyed by the server's secret): a 6-digit code's plain hash would be reversed at once. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes entered against the current code; at the limit the code stops working and a new one must be sent. */
    wrongCodes: smallint('wrong_codes').notNull().default(0),
    /** When the sign-up itself is forgotten (a new code can be sent until then). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_signups_expires_at').on(table.expiresAt)],
);

/** Mail kept in the database when no SMTP server is configured, readable at /dev/mailbox outside production. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** email, sms or whatsapp: the development stand-in for each provider keeps what it was handed here. */
  channel: text('channel').notNull().default('email'),
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's saved addresses (SPEC §3 Address: company is line 1, street line 2; GB only). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    countryCode: text('country_code').notNull().default('GB'),
    phoneNumber: text('phone_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('addresses_customer').on(table.customerId)],
);

/** Google or Apple accounts linked to a customer, by the provider's stable subject id. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/**
 * Photos a patient sent the clinic (ID, weight check, prescription, progress). The bytes sit encrypted
 * in the file store under the row's id; the row says whose they are.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SPEC §7 message categories: I identity, W weight tracking, P prescription, H hair-loss progress. */
    category: text('category').notNull(),
    title: text('title').notNull(),
    originalName: text('original_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_customer').on(table.customerId)],
);

/** The patient's GP practice, or their choice not to share; given once (a second submit answers 409). */
export const gpDetails = pgTable('gp_details', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  consentGiven: boolean('consent_given').notNull(),
  practiceName: text('practice_name'),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  cityOrTown: text('city_or_town'),
  postCode: text('post_code'),
  /** The practice's NHS ODS code when it was chosen from the directory; null when typed by hand. */
  odsCode: text('ods_code'),
  /** The practice's email for clinical letters, when the patient gave it. */
  email: text('email'),
  /**
   * The two consents, asked separately, each with the exact wording the patient read and when (null for answers
   * given before they were asked apart: consent_given then meant consent to inform the GP).
   */
  consents: jsonb('consents').$type<RecordedGpConsent[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A patient's request to delete their account (one per patient): the clinic confirms it, deleting what it may and
 * keeping the prescription records the law requires (packages/domain account/deletion.ts).
 */
export const accountDeletionRequests = pgTable('account_deletion_requests', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The request's public id in the clinic console: the patient's uid is replaced when the account is deleted. */
  publicId: uuid('public_id').notNull().unique().defaultRandom(),
  state: text('state', { enum: ['requested', 'completed'] }).notNull().default('requested'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** When the retention job deleted the clinical record kept after the deletion (its period over); null until then. */
  clinicalRecordDeletedAt: timestamp('clinical_record_deleted_at', { withTimezone: true }),
});

/** A patient's account as stored. */
export type CustomerRow = typeof customers.$inferSelect;
