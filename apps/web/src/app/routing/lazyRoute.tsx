import { use, type ComponentType, type ReactElement } from 'react';

/** What a route module exports: its page, and any code that page needs at once beyond its own. */
export interface RouteModule {
  Component: ComponentType;
  loadForHydration?: () => Promise<void>;
}

/** A page whose code arrives on first use. */
export interface LazyRouteComponent {
  (): ReactElement;
  load: () => Promise<RouteModule>;
  isLoaded: () => boolean;
}

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

/**
 * Unlike React.lazy, a module already loaded renders in the same pass rather than suspending once more: hydration
 * over the server's HTML needs the page at once, as does a page returned to. A module that failed to load keeps
 * failing (the browser would not fetch it again); Retry reloads the page.
 */
export function lazyRoute(importModule: () => Promise<RouteModule>): LazyRouteComponent {
  let module: TrackedPromise<RouteModule> | undefined;
  const load = (): Promise<RouteModule> => (module ??= tracked(importModule()));
  function LazyRoute() {
    const { Component } = use(load());
    return <Component />;
  }
  return Object.assign(LazyRoute, { load, isLoaded: () => module?.status === 'fulfilled' });
}

export function isLazyRoute(component: unknown): component is LazyRouteComponent {
  return typeof component === 'function' && 'load' in component && 'isLoaded' in component;
}
