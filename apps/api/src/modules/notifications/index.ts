export type { NotificationRequest, NotificationTemplate, Notifier } from '../../contracts/notifier';
export { createNotifications, notificationSendsQueue, notificationsDueQueue, type Notifications } from './service';
export { createMailer, notificationsFor, notificationSecret } from './setup';
export { notificationRoutes, pushRoutes, reminderRoutes, twilioRoutes } from './routes';
export { createStuckMessages, STUCK_MESSAGE_NOT_FOUND, type StuckMessagesService } from './stuck';
