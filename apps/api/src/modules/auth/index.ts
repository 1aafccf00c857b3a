// What other modules may use from auth: the customer guard for their routes, and the password and sign-in pacing rules staff sign-in shares.
export { requireCustomer } from './authentication';
export { paceSignIn, waitMessage, type AuthService, type SignInPacing } from './service';
export { hashPassword, verifyPassword } from './passwords';
export type { CustomerRow } from './repo';
