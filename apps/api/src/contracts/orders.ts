import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema/orders';

/**
 * A placed order by the number staff typed (any case or spacing), never an attempt whose payment did not go through;
 * 404 otherwise. `lock` holds its row for the caller's transaction. The clinic's console answers it.
 */
export type PlacedOrderLookup = (tx: Pick<Db, 'select'>, number: string, lock?: boolean) => Promise<OrderRow>;
