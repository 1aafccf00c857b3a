import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A signup body that passes every rule; override a field to test it. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Alex',
    lastName: 'Smith',
    email: `patient-${randomUUID()}@example.com`,
    plainPassword: 'long enough pw',
    phoneNumber: '07700900123',
    birthday: '1980-01-01',
    agreeTermsAndPrivacy: true,
    ...overrides,
  };
}

/** The cookies a browser would send back, from a reply's Set-Cookie headers. */
export function cookiesOf(reply: { cookies: { name: string; value: string }[] }): string {
  return reply.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Signs a new patient up and answers their session cookies. */
export async function signedInPatient(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<string> {
  const reply = await app.inject({ method: 'POST', url: '/shop-api/register', payload: signupBody(overrides) });
  if (reply.statusCode !== 201) throw new Error(`signup answered ${reply.statusCode}: ${reply.body}`);
  return cookiesOf(reply);
}
