// What other features may use from the consultation.
export { useQuestionnaire, useQuizState } from './api';
export { QuizPage, type QuizPageProps } from './routes/QuizRoute';
