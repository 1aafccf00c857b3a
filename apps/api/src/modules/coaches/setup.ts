import { builtInScheduler } from '../../adapters/scheduling/built-in';
import { calendlyScheduler } from '../../adapters/scheduling/calendly';
import type { Scheduler } from '../../adapters/scheduling/port';
import type { Config } from '../../config';

/** The built-in scheduler unless the clinic books through Calendly (SCHEDULER=calendly with its signing key). */
export function schedulerFor(config: Config): Scheduler {
  return config.SCHEDULER === 'calendly' ? calendlyScheduler({ signingKey: config.CALENDLY_WEBHOOK_SIGNING_KEY! }) : builtInScheduler();
}
