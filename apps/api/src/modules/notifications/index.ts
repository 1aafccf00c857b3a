export type { NotificationRequest, NotificationTemplate, Notifier } from './contract';
export { createNotifications, notificationSendsQueue, notificationsDueQueue, type Notifications } from './service';
export { createMailer, notificationsFor, notificationSecret } from './setup';
export { notificationRoutes, reminderRoutes, twilioRoutes } from './routes';
