// The public 'Who prescribes' page's API (issue 33).
export { whoPrescribesRoutes } from './routes';
