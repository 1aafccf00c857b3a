/**
 * What an entry page asks for first, so the server can name it in the page's HTML (apps/web/entryPreloadsPlugin.ts writes it for the server)
 * and the browser fetches it alongside the app's entry script instead of after it.
 * Plain data: the build reads it outside the browser. entryPreloads.test.tsx checks the addresses against the
 * features' own requests, which they must match exactly or the browser fetches twice.
 */
export interface EntryPreload {
  /** A path of router.tsx; ':name' matches one segment, and its value replaces ':name' in `fetches`. */
  path: string;
  /** The route's lazy module, relative to apps/web. */
  module: string;
  /** GET /shop-api calls the page makes as it opens, exactly as the app makes them. */
  fetches: string[];
  /**
   * Modules the route loads lazily whose parts the server renders on this page, relative to apps/web: their styles
   * come with the page, so it paints styled; their code comes later.
   */
  shows?: string[];
}

export const ENTRY_PRELOADS: readonly EntryPreload[] = [
  {
    path: '/',
    module: 'src/features/home/routes/HomeRoute.tsx',
    // The treatments' prices sit far below the first screen: asked for early, they would only compete with it.
    fetches: [],
  },
  {
    path: '/products/:slug',
    module: 'src/features/catalog/routes/ProductRoute.tsx',
    fetches: ['/shop-api/products/by-slug/:slug?channel=WEB_WL_UK'],
  },
  {
    path: '/n/:slug/quiz/:step',
    module: 'src/features/quiz/routes/QuizRoute.tsx',
    fetches: ['/shop-api/questionnaires/by-slug/:slug', '/shop-api/medical-history-by-slug/:slug'],
  },
  {
    path: '/n/:slug/recommendations',
    module: 'src/features/recommendations/routes/RecommendationsRoute.tsx',
    fetches: ['/shop-api/medical-history-by-slug/:slug'],
    shows: [
      'src/features/recommendations/components/RecommendationsBody.tsx',
      'src/features/recommendations/components/ProgrammeSections.tsx',
      'src/features/recommendations/components/StockNotification.tsx',
      'src/features/recommendations/components/SupplementOffer.tsx',
    ],
  },
  {
    path: '/n/:slug/order',
    module: 'src/features/checkout/routes/OrderRoute.tsx',
    // Rendered on the server with its data; what depends on this browser's cart loads once the page runs.
    fetches: [],
  },
];
