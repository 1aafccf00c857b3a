import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, passwordResetTokens, pendingSignups, refreshTokens, socialIdentities } from '../../db/schema/customers';
import { experimentAssignments } from '../../db/schema/experiments';

import type { CustomerRow } from '../../db/schema/customers';
export type { CustomerRow };
export type NewCustomer = typeof customers.$inferInsert;
export type PendingSignupRow = typeof pendingSignups.$inferSelect;
export type NewPendingSignup = typeof pendingSignups.$inferInsert;
/** The transaction a sign-up's writes share, handed to what must be written with them (its email). */
export type SignupTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export function authRepo(db: Db) {
  // Every signed-in request asks these two: prepared once, so neither their SQL nor their plan is made per request.
  const liveSession = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family, sql.placeholder('family')), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('auth_session_is_live');
  const customerWithUid = db.select().from(customers).where(eq(customers.uid, sql.placeholder('uid'))).limit(1).prepare('auth_customer_by_uid');
  return {
    async customerByEmail(email: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.email, email)).limit(1);
      return row;
    },
    async customerById(id: number): Promise<CustomerRow> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row!;
    },
    async customerByUid(uid: string): Promise<CustomerRow | undefined> {
      const [row] = await customerWithUid.execute({ uid });
      return row;
    },
    /** Undefined when the email is already registered. */
    async insertCustomer(values: NewCustomer): Promise<CustomerRow | undefined> {
      const [row] = await db.insert(customers).values(values).onConflictDoNothing({ target: customers.email }).returning();
      return row;
    },
    /**
     * In one transaction: forgets sign-ups past their end, writes this one, and what `alongside` writes with it (its
     * email in the outbox), so a sign-up is never kept without its message nor the message sent without it.
     */
    async startSignup(values: NewPendingSignup, alongside: (tx: SignupTransaction) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(pendingSignups).where(lte(pendingSignups.expiresAt, new Date()));
        await tx.insert(pendingSignups).values(values);
        await alongside(tx);
      });
    },
    /**
     * A new code for this browser's sign-up with this email, while the sign-up lasts: wrong codes count from zero
     * again. Undefined when there is no such sign-up (another browser's, or forgotten).
     */
    async renewSignupCode(
      browserTokenHash: string,
      email: string,
      code: { codeHash: string; codeExpiresAt: Date },
      alongside: (tx: SignupTransaction) => Promise<void>,
    ): Promise<PendingSignupRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(pendingSignups)
          .set({ ...code, wrongCodes: 0 })
          .where(and(eq(pendingSignups.browserTokenHash, browserTokenHash), eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, new Date())))
          .returning();
        if (row) await alongside(tx);
        return row;
      });
    },
    /**
     * Uses this browser's sign-up once its code is right (`codeIsRight`), removing it; a wrong code is counted (and
     * the count kept). Null for a wrong or expired code, a code past `wrongLimit` wrong tries, or no such sign-up.
     */
    async consumeSignup(
      browserTokenHash: string,
      email: string,
      codeIsRight: (row: PendingSignupRow) => boolean,
      wrongLimit: number,
    ): Promise<PendingSignupRow | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .select()
          .from(pendingSignups)
          .where(and(eq(pendingSignups.browserTokenHash, browserTokenHash), eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
          .for('update');
        if (!row || row.wrongCodes >= wrongLimit || row.codeExpiresAt <= now) return null;
        if (!codeIsRight(row)) {
          await tx.update(pendingSignups).set({ wrongCodes: row.wrongCodes + 1 }).where(eq(pendingSignups.id, row.id));
          return null;
        }
        await tx.delete(pendingSignups).where(eq(pendingSignups.id, row.id));
        return row;
      });
    },
    /** A new account keeps the experiment buckets its visitor was in; an existing assignment is never moved. */
    async keepBuckets(customerId: number, buckets: Record<string, string>): Promise<void> {
      const rows = Object.entries(buckets).map(([experiment, bucket]) => ({ customerId, experiment, bucket }));
      if (rows.length > 0) await db.insert(experimentAssignments).values(rows).onConflictDoNothing();
    },
    /** The first app open date, set once: a later launch keeps the first. */
    async recordFirstAppOpen(id: number, at: Date): Promise<Date> {
      const [row] = await db
        .update(customers)
        .set({ firstAppOpenAt: sql`coalesce(${customers.firstAppOpenAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(customers.id, id))
        .returning({ firstAppOpenAt: customers.firstAppOpenAt });
      return row!.firstAppOpenAt!;
    },

    async updateCustomer(id: number, values: Partial<NewCustomer>): Promise<CustomerRow> {
      const [row] = await db
        .update(customers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row!;
    },

    async customerBySocialIdentity(provider: string, subject: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select({ customer: customers })
        .from(socialIdentities)
        .innerJoin(customers, eq(customers.id, socialIdentities.customerId))
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
        .limit(1);
      return row?.customer;
    },
    async linkSocialIdentity(provider: string, subject: string, customerId: number): Promise<void> {
      await db.insert(socialIdentities).values({ provider, subject, customerId }).onConflictDoNothing();
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },
    /**
     * Marks the token rotated and returns it as 'fresh'. A token rotated no longer than `graceMs` ago comes back as
     * 'grace' (a second tab refreshing with the same cookie); one rotated before that, or revoked, as 'reused'.
     */
    async claimRefreshToken(tokenHash: string, graceMs: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
        if (!row) return { row, state: 'unknown' as const };
        if (row.revokedAt) return { row, state: 'reused' as const };
        if (row.rotatedAt) return { row, state: Date.now() - row.rotatedAt.getTime() <= graceMs ? ('grace' as const) : ('reused' as const) };
        await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        return { row, state: 'fresh' as const };
      });
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row;
    },
    /** A sign-in lasts while its family holds an unrevoked, unexpired token (refresh_tokens_family index). */
    async sessionIsLive(family: string): Promise<boolean> {
      const [row] = await liveSession.execute({ family, now: new Date() });
      return row !== undefined;
    },
    async revokeFamily(family: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
    },
    /** Ends every sign-in of the customer, except the one named (the session asking for it), when one is. */
    async revokeAllOf(customerId: number, except: string | null = null): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt), except ? ne(refreshTokens.family, except) : undefined));
    },

    async insertResetToken(values: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(values);
    },
    /** Uses the link once: returns its customer id only if it was unused and unexpired. */
    async consumeResetToken(tokenHash: string): Promise<number | null> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ customerId: passwordResetTokens.customerId });
      return row?.customerId ?? null;
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
