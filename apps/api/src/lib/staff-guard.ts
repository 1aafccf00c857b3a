import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@elmwood/domain';
import type { StaffRow } from '../db/schema/clinic';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a /shop-api/clinic route; routes without it (sign-in) are open. */
    staffRoles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    staffMember: StaffRow | null;
  }
}

/** The roles the console's routes name. */
export const ALL_STAFF: readonly StaffRole[] = ['prescriber', 'pharmacist', 'support', 'admin'];
export const CLINICAL_STAFF: readonly StaffRole[] = ['prescriber', 'pharmacist', 'admin'];
export const PRESCRIBERS: readonly StaffRole[] = ['prescriber'];

const STAFF_LOGIN_REQUIRED = 'Please sign in to the clinic console.';

/**
 * The console's wall, put up once around every module's console routes: a route naming `staffRoles` answers only a
 * signed-in member of staff with one of them, checked before the request is even parsed, so nobody else learns
 * anything from its validation messages. A patient's session of any kind is not read here at all.
 */
export function guardStaffRoutes(app: FastifyInstance, currentStaff: (request: FastifyRequest) => Promise<StaffRow | null>): void {
  app.decorateRequest('staffMember', null);
  app.addHook('onRequest', async (request) => {
    const roles = request.routeOptions.config?.staffRoles;
    if (!roles) return;
    const row = await currentStaff(request);
    if (!row) throw new AppError(401, 'STAFF_LOGIN_REQUIRED', STAFF_LOGIN_REQUIRED);
    if (!roles.includes(row.role as StaffRole)) throw new AppError(403, 'FORBIDDEN', 'Your role does not allow this.');
    request.staffMember = row;
  });
}

/** The signed-in member on a guarded route (the wall's hook put them there). */
export function staffMember(request: FastifyRequest): StaffRow {
  if (!request.staffMember) throw new AppError(401, 'STAFF_LOGIN_REQUIRED', STAFF_LOGIN_REQUIRED);
  return request.staffMember;
}
