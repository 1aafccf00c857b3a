import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/index';

export async function insertAnalyticsEvent(
  db: Db,
  event: { eventName: string; data: Record<string, unknown>; sessionHash: string | null },
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
