// What other features may use from the get-the-app banner and install page.
export { GetAppBanner } from './GetAppBanner';
export { GET_THE_APP_PATH } from './paths';
export { useFirstAppOpen } from './useFirstAppOpen';
