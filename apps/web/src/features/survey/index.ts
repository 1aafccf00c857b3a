// What other features may use from survey.
export { AcquisitionSurvey } from './components/AcquisitionSurvey';
