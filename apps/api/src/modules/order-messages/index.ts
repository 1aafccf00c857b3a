// The conversation on an order between the patient and their prescriber (issue 33).
export { addOrderMessage, type NewOrderMessage } from './repo';
export { createOrderMessages, type AnswerOpenQuestion, type OrderMessages } from './service';
export { orderMessageRoutes, orderMessageConsoleRoutes } from './routes';
