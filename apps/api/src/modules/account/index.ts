// What other modules may use from account.
export { accountRoutes } from './routes';
export { createAccountService, type AccountService } from './service';
export { createBillingService, switchSubscriptionsToCard, type BillingService } from './billing';
export { createDeletionRequests } from './deletion';
