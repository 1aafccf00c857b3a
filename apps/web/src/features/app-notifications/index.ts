// What other features may use from app notifications (Web Push) on the patient's devices.
export { AppNotificationsSetup } from './AppNotificationsSetup';
export { usePushSettings } from './api';
