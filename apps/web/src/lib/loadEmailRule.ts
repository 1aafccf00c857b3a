/**
 * The shared email rule (packages/domain), fetched when a form first needs it: it brings the schema library, which a
 * page should not wait for before it can be used. Call it as the field gets focus, so it is there by the submit.
 */
export const loadEmailRule = () => import('./rules/email');
