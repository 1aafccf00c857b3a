/** The query parameter of a referral link and its fixed value (SPEC §2 Refer a friend). */
export const REFERRAL_QUERY_PARAM = 'raf';
export const REFERRAL_QUERY_CODE = 'friend';
/** The first-party cookie a referral link leaves: the referrer's uid, kept 30 days, sent at signup as invitedBy. */
export const REFERRAL_COOKIE = 'invited_by';
export const REFERRAL_COOKIE_DAYS = 30;

const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer uid's shape (a UUID): anything else can name no customer. */
export function isCustomerUid(value: string): boolean {
  return UID_PATTERN.test(value);
}

/** The patient's referral link: site base, '/r/' and their uid, with the fixed raf code. */
export function referralLink(siteBase: string, uid: string): string {
  return `${siteBase.replace(/\/+$/, '')}/r/${encodeURIComponent(uid)}?${REFERRAL_QUERY_PARAM}=${REFERRAL_QUERY_CODE}`;
}

/** The referrer a link names (lower-cased uid), or null when it is not a referral link of ours. */
export function referrerFrom(uid: string | undefined, raf: string | null): string | null {
  if (!uid || raf !== REFERRAL_QUERY_CODE || !isCustomerUid(uid)) return null;
  return uid.toLowerCase();
}
