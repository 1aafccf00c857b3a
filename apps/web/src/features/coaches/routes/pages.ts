// The coach pages load as one chunk: one lazy import keeps the entry's route table (and its preload lists) small.
export { Component as CoachesPage } from './CoachesRoute';
export { Component as CoachConfirmPage } from './CoachConfirmRoute';
export { Component as BookCallPage } from './BookCallRoute';
export { Component as AppointmentsPage } from './AppointmentsRoute';
