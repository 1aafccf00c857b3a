import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { LoadStatus } from './LoadStatus';

/** The part of a query result a list page needs: enough to say loading, failed (with a retry) or show the data. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryContentProps<T> {
  query: ListQuery<T>;
  /** Whether the answer has nothing to show, and what to say then. */
  isEmpty: (data: T) => boolean;
  empty: { title: string; message: ReactNode };
  children: (data: T) => ReactNode;
}

/** A list page's four states in one place: loading, failed with Retry, empty with its explanation, or the list. */
export function QueryContent<T>({ query, isEmpty, empty, children }: QueryContentProps<T>) {
  if (query.isPending) return <LoadStatus status="loading" />;
  if (query.isError || query.data === undefined) return <LoadStatus status="error" onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return <EmptyState title={empty.title} message={empty.message} />;
  return <>{children(query.data)}</>;
}
