// What other modules may use from support.
export { supportRoutes } from './routes';
export { createSupportService, type SideEffectWorkflow, type SupportService } from './service';
