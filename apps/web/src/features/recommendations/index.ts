// What other features may use from recommendations (the thank-you page's dosage per month table; the
// programmes, whose pages are rendered on the server).
export { DosagePerMonthTable } from './components/DosagePerMonthTable';
export { useRecurringGift } from './hooks/useRecurringGift';
export { PROGRAMMES } from './content';
export { useRecommendationsReady } from './hooks/useRecommendationsReady';
