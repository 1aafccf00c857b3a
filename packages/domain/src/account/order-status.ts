import type { OrderState } from '../orders/lifecycle';
import type { Task } from '../tasks/task';
import { timelineTitle } from './timeline';

export const WAITING_FOR_PHOTOS = 'Waiting for your photos';

type OpenTask = Pick<Task, 'taskType' | 'orderNumber' | 'state' | 'taskDefinition'>;

/**
 * Where an order stands, as the patient can act on it: an order held up for the patient's photos says so, and
 * names the task that takes them (a photo task first, else the first critical task open); other states read as
 * the 'Where is my order' timeline does. Null for an order that was never placed.
 */
export function orderStatus<T extends OpenTask>(order: { id: string; state: OrderState }, openTasks: readonly T[]): { title: string; task: T | null } | null {
  if (order.state === 'payment_pending' || order.state === 'payment_failed') return null;
  if (order.state !== 'awaiting_patient') return { title: timelineTitle(order.state), task: null };
  const holding = openTasks.filter((task) => task.state === 'open' && task.orderNumber === order.id && task.taskDefinition.isCritical);
  const photo = holding.find((task) => task.taskType === 'upload-photo');
  if (photo) return { title: WAITING_FOR_PHOTOS, task: photo };
  return { title: timelineTitle('awaiting_patient'), task: holding[0] ?? null };
}
