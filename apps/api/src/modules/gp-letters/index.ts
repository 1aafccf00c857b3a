// Letters to patients' GPs (issue 33): written on approval, sent or posted, answered through a signed link.
export { createGpLetters, gpLettersQueue, GP_LINK_MESSAGES, type GpConcern, type GpConcernRaised, type GpLetters } from './service';
export { gpLetterRoutes, gpLetterConsoleRoutes } from './routes';
export { gpLinkToken } from './link';
export { gpLettersFor, gpLinkSecret } from './setup';
