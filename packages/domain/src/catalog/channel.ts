import { z } from 'zod';
import { CHANNELS } from './channels';

export { CHANNELS, DEFAULT_CHANNEL, type Channel } from './channels';
export const channelSchema = z.enum(CHANNELS);
