import { useQuery } from '@tanstack/react-query';
import type { OrderView, Task } from '@elmwood/domain';
import { apiGet } from '../../lib/api';
import { taskKeys } from '../tasks';

export const orderKeys = {
  order: (number: string) => ['orders', number] as const,
  /** Kept with the other task lists, so an upload or any finished task refreshes the thank-you page. */
  tasks: (number: string) => taskKeys.ofOrder(number),
};

export function useOrder(number: string) {
  return useQuery({
    queryKey: orderKeys.order(number),
    queryFn: ({ signal }) => apiGet<OrderView>(`/shop-api/orders/${encodeURIComponent(number)}`, undefined, signal),
  });
}

export function useOrderTasks(number: string) {
  return useQuery({
    queryKey: orderKeys.tasks(number),
    queryFn: ({ signal }) => apiGet<Task[]>(`/shop-api/orders/${encodeURIComponent(number)}/tasks`, undefined, signal),
  });
}
