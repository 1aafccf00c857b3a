// What other features may use from recommendations (the thank-you page's dosage per month table).
export { DosagePerMonthTable } from './components/DosagePerMonthTable';
export { useRecurringGift } from './hooks/useRecurringGift';
