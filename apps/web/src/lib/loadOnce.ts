/** A promise marked as React's use() reads it: one already settled is read at once, without suspending. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked<T>(promise: TrackedPromise<T>): TrackedPromise<T> {
  promise.then(
    (value) => {
      Object.assign(promise, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
    },
  );
  return promise;
}

export interface LoadOnce<T> {
  /** The load begun at the first call, for React's use(): code already here renders in the same pass. */
  (): Promise<T>;
  /** Begins the load ahead of need, or again after a failure (a render keeps the failure, for its error screen). */
  preload: () => Promise<T>;
  isLoaded: () => boolean;
}

/**
 * Code (or anything) loaded on first need and remembered. Unlike React.lazy, what is already loaded renders in the
 * same pass rather than suspending once more: hydration over the server's HTML needs the page at once.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let current: TrackedPromise<T> | undefined;
  const begin = () => (current = tracked(load()));
  const read = () => current ?? begin();
  const preload = () => (current && current.status !== 'rejected' ? current : begin());
  return Object.assign(read, { preload, isLoaded: () => current?.status === 'fulfilled' });
}
