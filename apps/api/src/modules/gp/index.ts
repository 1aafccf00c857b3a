// What other modules and the workflows may use from the patient's GP details.
export { gpConsentsOf } from './consent';
export { gpRoutes } from './routes';
