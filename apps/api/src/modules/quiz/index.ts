export { findConsultationId } from './repo';
export { createQuizService, type QuizService } from './service';
export { quizRoutes } from './routes';
export { bindQuizSession, endQuizSession, QUIZ_SESSION_COOKIE, readQuizSession } from './session';
