// The urgent clinical queue (issue 32): what raises an item, and the console's service and routes.
export { gpConcernHolds, openUrgentItem, openUrgentItemDue, answersInWords, type OpenUrgentItemInput, type OpenedUrgentItem } from './items';
export { createUrgentCareService, type UrgentCareService } from './service';
export { urgentCareRoutes } from './routes';
