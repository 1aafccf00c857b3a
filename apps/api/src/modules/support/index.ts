// What other modules may use from support.
export { supportRoutes, supportThreadParams, supportIdempotencyHeaders } from './routes';
export { createSupportService, type SideEffectWorkflow, type SupportService } from './service';
