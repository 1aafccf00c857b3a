import { z } from 'zod';

export const CHANNELS = ['WEB_UK', 'WEB_BR', 'WEB_WL_UK'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;
/** The weight-loss shop's channel, the default for every call the spec names. */
export const DEFAULT_CHANNEL: Channel = 'WEB_WL_UK';
