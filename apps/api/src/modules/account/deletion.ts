import { eq } from 'drizzle-orm';
import type { DeletionRequestView } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { accountDeletionRequests } from '../../db/schema/customers';

type DeletionRow = typeof accountDeletionRequests.$inferSelect;

function toView(row: DeletionRow | undefined): DeletionRequestView {
  return row ? { state: row.state, requestedAt: row.requestedAt.toISOString(), completedAt: row.completedAt?.toISOString() ?? null } : null;
}

/** A patient's request to delete their account: made once (a second click or process finds it made), then read back. */
export function createDeletionRequests(db: Db) {
  const read = async (customerId: number) => {
    const [row] = await db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.customerId, customerId)).limit(1);
    return row;
  };
  return {
    async view(customerId: number): Promise<DeletionRequestView> {
      return toView(await read(customerId));
    },
    async request(customerId: number): Promise<DeletionRequestView> {
      await db.insert(accountDeletionRequests).values({ customerId }).onConflictDoNothing();
      return toView(await read(customerId));
    },
  };
}
export type DeletionRequests = ReturnType<typeof createDeletionRequests>;
