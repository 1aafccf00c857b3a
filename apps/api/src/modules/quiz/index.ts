export { findConsultationId } from './repo';
export { createQuizService, type QuizService } from './service';
export { quizRoutes } from './routes';
export { QUIZ_SESSION_COOKIE, readQuizSession } from './session';
