// What other features may use from the get-the-app banner, install page and the thank-you page's app variant.
export { AppThankYouVariant } from './AppThankYouVariant';
export { GetAppBanner } from './GetAppBanner';
export { GET_THE_APP_PATH } from './paths';
export { useFirstAppOpen } from './useFirstAppOpen';
