// What other features may use from the installed app's offline support.
export { OfflineSync, OFFLINE_MESSAGE } from './OfflineSync';
export { sendOrKeep } from './sendOrKeep';
