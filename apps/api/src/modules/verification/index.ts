// Verified facts (issue 33): how a weight-loss patient's weight, height and identity were verified, the approval's
// check, and the video consultation that verifies most patients.
export { createVideoConsultations, endVideoConsultationsOf, type VideoConsultations } from './consultations';
export { createSignalRooms, type SignalRooms } from './signalling';
export { videoConsultationRoutes, videoConsultationConsoleRoutes } from './routes';
export { approvalVerification, declaredFor, orderStanding, reviewVerification } from './standing';
export { offerVideoConsultation } from './tasks';
export { upcomingConsultationOf } from './repo';
