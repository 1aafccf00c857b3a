/**
 * Where the installed app keeps the patient's data on the device, named once for the page and the service worker
 * (src/sw/sw.ts), which forgets both when the patient logs out.
 */
/** The account's last-seen API replies, for opening the account offline. */
export const ACCOUNT_DATA_CACHE = 'account-data';
/** Changes made offline (weights, answers), waiting to be sent. */
export const OUTBOX_DATABASE = 'elmwood-outbox';

/** API reads the worker never keeps: staff screens, session plumbing, the test server's tools and uploaded photos. */
export const NEVER_KEPT_API = ['/shop-api/clinic/', '/shop-api/me/data-export/', '/shop-api/token/', '/shop-api/dev/', '/shop-api/mailbox', '/shop-api/docs', '/shop-api/uploads/'];

/** Replies that start or end a session: whatever was kept for the previous account goes. */
export const SESSION_CHANGES = [
  '/shop-api/login',
  '/shop-api/logout',
  '/shop-api/register',
  // A sign-up's session starts when its emailed code is confirmed; Google's and Apple's at their provider's path.
  '/shop-api/register/confirm',
  '/shop-api/social-login/google',
  '/shop-api/social-login/apple',
];
