// What other modules may use from account.
export { accountRoutes } from './routes';
export { createAccountService, type AccountService } from './service';
export { switchSubscriptionsToCard } from './billing';
