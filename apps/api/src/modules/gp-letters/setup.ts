import { createHmac } from 'node:crypto';
import { prescribingConfiguration, type Config } from '../../config';
import type { Db } from '../../db/client';
import { fileStoreFor, uploadEncryptionKey } from '../../adapters/file-store/setup';
import { createGpLetters, type GpLettersDeps } from './service';

/** Signs the GP's links: stable across processes and restarts, as the letters they are printed in. */
export function gpLinkSecret(config: Config): string {
  const base = config.AUTH_SECRET ?? uploadEncryptionKey(config).toString('base64');
  return createHmac('sha256', base).update('elmwood-gp-links').digest('base64url');
}

/** The GP letters as configured: the API and the worker compose the same. */
export function gpLettersFor(config: Config, db: Db, deps: Pick<GpLettersDeps, 'jobs' | 'notifier' | 'onConcern' | 'now' | 'weights' | 'gpConsentsOf'>) {
  const prescribing = prescribingConfiguration(config);
  return createGpLetters({
    db,
    store: fileStoreFor(config),
    secret: gpLinkSecret(config),
    siteUrl: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    brandName: config.BRAND_NAME,
    contact: { service: prescribing.serviceName, address: [...prescribing.serviceAddress], email: config.PRESCRIBER_EMAIL, phone: config.CLINIC_PHONE },
    prescribers: prescribing.prescribers,
    ...deps,
  });
}
