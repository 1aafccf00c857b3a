import { createContext, memo, Suspense, use, useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { holdInput, useHydrating } from './hydration';
import { loadOnce } from './loadOnce';

/** How far ahead of the screen the code is fetched: half a screen, so it has usually arrived when scrolled to. */
const AHEAD_OF_SCREEN = '50% 0px';
const TOUCHED = ['pointerdown', 'focusin'] as const;

/** Every such part's code, begun on the server as the module naming it loads: a server render waits for it. */
const loadingOnServer: Array<Promise<unknown>> = [];

/** For the server's render (entry-server.tsx): resolves once the code of every part named so far is at hand. */
export function serverCodeLoaded(): Promise<unknown> {
  return Promise.all(loadingOnServer);
}

/** Told by the part once its HTML runs: the clicks held meanwhile are done then. */
const Running = createContext<RefObject<() => void> | null>(null);

/**
 * Content far down a server-rendered page, whose code is its own chunk. Over the server's HTML it stays that HTML
 * (shown, its links working) until it comes within half a screen of the viewport or is touched; only then is its
 * code fetched and the HTML hydrated, so a page's first interaction never waits for code of what is not yet seen.
 * A click or edit made in it before then is held and done once it runs. On the server, and on a page the browser
 * renders itself, it renders as soon as its code is at hand.
 *
 * Its props must keep their identity from render to render (constants, memoised values): React gives up on HTML
 * that has not been hydrated yet when it receives new props, and would render it afresh from its fallback.
 */
export function hydrateWhenSeen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const code = loadOnce(load);
  let reveal: () => void = () => {};
  const seen = new Promise<void>((resolve) => (reveal = resolve));
  const codeOnceSeen = loadOnce(() => seen.then(code.preload));
  // Otherwise the page's first render on a freshly started server could outrun the code and send a fallback.
  if (import.meta.env.SSR) loadingOnServer.push(code.preload());

  function Loaded(props: Props) {
    const hydrating = useHydrating();
    const Component = use(import.meta.env.SSR || code.isLoaded() || !hydrating ? code() : codeOnceSeen());
    const running = use(Running);
    useEffect(() => running?.current(), [running]);
    return <Component {...props} />;
  }
  // A parent's render that changes none of the props leaves the boundary untouched, hydrated or not.
  const Boundary = memo(function Boundary(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  });

  function HydrateWhenSeen(props: Props) {
    const region = useRef<HTMLDivElement>(null);
    const running = useRef<() => void>(() => {});
    // Read at the first render: whether it is the server's HTML that is waiting.
    const overServerHtml = useHydrating();
    useEffect(() => {
      const element = region.current;
      if (!element || !overServerHtml || code.isLoaded()) return;
      if (typeof IntersectionObserver === 'undefined') return reveal();
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reveal(), { rootMargin: AHEAD_OF_SCREEN });
      observer.observe(element);
      // Heard before React: it stops an event aimed at HTML it has not hydrated yet at the page's root.
      const onTouch = (event: Event) => event.target instanceof Node && element.contains(event.target) && reveal();
      for (const event of TOUCHED) document.addEventListener(event, onTouch, true);
      const release = holdInput(element);
      const stop = () => {
        running.current = () => {};
        observer.disconnect();
        for (const event of TOUCHED) document.removeEventListener(event, onTouch, true);
        release();
      };
      running.current = stop;
      return stop;
      // Once, for the HTML the page was sent with.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <div ref={region}>
        <Running value={running}>
          <Boundary {...props} />
        </Running>
      </div>
    );
  }
  return HydrateWhenSeen;
}
