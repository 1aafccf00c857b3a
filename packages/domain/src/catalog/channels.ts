// The channel codes without their schema, so a page that only names a channel does not download the schema library.
export const CHANNELS = ['WEB_UK', 'WEB_BR', 'WEB_WL_UK'] as const;
export type Channel = (typeof CHANNELS)[number];
/** The weight-loss shop's channel, the default for every call the spec names. */
export const DEFAULT_CHANNEL: Channel = 'WEB_WL_UK';
