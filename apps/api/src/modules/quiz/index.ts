export { findConsultationId, forgetAnswerRepliesBefore } from './repo';
export { createQuizService, type QuizService } from './service';
export { quizRoutes } from './routes';
export { bindQuizSession, endQuizSession, QUIZ_SESSION_COOKIE, QUIZ_SESSION_DAYS, readQuizSession } from './session';
