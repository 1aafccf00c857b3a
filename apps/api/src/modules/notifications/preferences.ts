import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOptOuts } from '../../db/schema/notifications';
import { CHANNELS, type Channel } from './unsubscribe';

export type OptOutSource = 'unsubscribe-link' | 'stop-reply' | 'account';

/** Turns a channel off for optional messages (reminders, nudges); turning it off again changes nothing. */
export async function turnChannelOff(db: Pick<Db, 'insert'>, customerId: number, channel: Channel, source: OptOutSource): Promise<void> {
  await db.insert(channelOptOuts).values({ customerId, channel, source }).onConflictDoNothing();
}

export async function turnChannelOn(db: Pick<Db, 'delete'>, customerId: number, channel: Channel): Promise<void> {
  await db.delete(channelOptOuts).where(and(eq(channelOptOuts.customerId, customerId), eq(channelOptOuts.channel, channel)));
}

/** Which channels the patient lets optional messages use. */
export async function channelPreferences(db: Pick<Db, 'select'>, customerId: number): Promise<Record<Channel, boolean>> {
  const off = await db.select({ channel: channelOptOuts.channel }).from(channelOptOuts).where(eq(channelOptOuts.customerId, customerId));
  const offChannels = new Set(off.map((row) => row.channel));
  return Object.fromEntries(CHANNELS.map((channel) => [channel, !offChannels.has(channel)])) as Record<Channel, boolean>;
}
