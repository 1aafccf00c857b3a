import type { FastifyRequest } from 'fastify';
import type { CustomerRow } from '../db/schema/customers';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer's public uid, or null for a visitor (set by the auth module on every request). */
    customerUid: string | null;
    /** The sign-in (refresh-token family) the access token belongs to, or null for a visitor. */
    sessionId: string | null;
  }
}

export const LOGIN_REQUIRED_MESSAGE = 'You need to log in to view this page';

/** The patient's public uid, or 401 for a visitor: the guard every patient route starts with. */
export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerUid) throw new AppError(401, 'UNAUTHENTICATED', LOGIN_REQUIRED_MESSAGE);
  return request.customerUid;
}

/** What a patient route asks of the accounts: the signed-in patient's row (the auth module's service is one). */
export interface SignedInPatients {
  customer(uid: string): Promise<CustomerRow>;
}
