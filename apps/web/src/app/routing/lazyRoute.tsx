import { use, type ComponentType, type ReactElement } from 'react';
import { loadOnce } from '../../lib/loadOnce';

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

/**
 * A page already loaded renders in the same pass (a hydration, a page returned to). A module that failed to load
 * keeps failing (the browser would not fetch it again); Retry reloads the page.
 */
export function lazyRoute(importModule: () => Promise<RouteModule>): LazyRouteComponent {
  const module = loadOnce(importModule);
  function LazyRoute() {
    const { Component } = use(module());
    return <Component />;
  }
  return Object.assign(LazyRoute, { load: module, isLoaded: module.isLoaded });
}

export function isLazyRoute(component: unknown): component is LazyRouteComponent {
  return typeof component === 'function' && 'load' in component && 'isLoaded' in component;
}
