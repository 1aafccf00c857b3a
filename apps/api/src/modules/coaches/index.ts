// What other modules may use from coaches.
export { coachRoutes, calendlyWebhookRoutes } from './routes';
export { createCoachService, endCoachingOf, upcomingAppointments, type CoachService } from './service';
export { schedulerFor } from './setup';
export { hasCallBookedSince } from './repo';
