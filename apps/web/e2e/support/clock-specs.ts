/**
 * Every spec that moves the shop's clock (POST /dev/clock). They run in projects of their own, one at a time and
 * after the rest: a spec running beside one would read the moved day (a deletion request's '30 days left' read 29).
 */
export const MOVES_THE_CLOCK = /(reminders|test-clock-check-in|urgent-care|app-notifications|video-consultation)\.spec\.ts$/;
