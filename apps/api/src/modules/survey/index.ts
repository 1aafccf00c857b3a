// What other modules may use from survey.
export { surveyRoutes } from './routes';
export { createSurveyService, type SurveyService } from './service';
