export { createQuestionnaireService, type CachedQuestionnaire, type QuestionnaireService } from './service';
