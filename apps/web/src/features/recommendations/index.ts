// What other features may use from recommendations.
export { DosageTable } from './components/DosageTable';
