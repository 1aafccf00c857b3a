// What other features may use from the consultation.
export { useQuestionnaire, useQuizState } from './api';
export { ADD_TO_CART_KEY, COUPON_KEY } from './storage';
export { QuizPage, type QuizPageProps } from './routes/QuizRoute';
