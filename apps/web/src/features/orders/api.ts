import { useQuery } from '@tanstack/react-query';
import type { OrderView, Task } from '@elmwood/domain';
import { apiGet } from '../../lib/api';

export const orderKeys = {
  order: (number: string) => ['orders', number] as const,
  tasks: (number: string) => ['orders', number, 'tasks'] as const,
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
