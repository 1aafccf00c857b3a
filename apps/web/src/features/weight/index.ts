// What other features may use from weight tracking.
export { WeightCard } from './components/WeightCard';
export { PROGRESS_PATH } from './paths';
