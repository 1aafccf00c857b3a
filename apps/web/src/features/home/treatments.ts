import type { Category } from '@elmwood/domain';

export interface FeaturedTreatment {
  code: string;
  slug: string;
  /** Shown at once; the catalogue's own name replaces it when it arrives. */
  name: string;
  category: Category;
}

/** The home page's treatment list: links render at once, prices follow from the catalogue. */
export const FEATURED_TREATMENTS: readonly FeaturedTreatment[] = [
  { code: 'WEGOVY', slug: 'wegovy', name: 'Wegovy', category: 'weight-loss' },
  { code: 'MOUNJARO', slug: 'mounjaro', name: 'Mounjaro', category: 'weight-loss' },
  { code: 'SILDENAFIL', slug: 'sildenafil', name: 'Sildenafil', category: 'erectile-dysfunction' },
  { code: 'TADALAFIL', slug: 'tadalafil', name: 'Tadalafil', category: 'erectile-dysfunction' },
  { code: 'FINASTERIDE', slug: 'finasteride', name: 'Finasteride', category: 'hair-loss' },
  { code: 'MINOXIDIL', slug: 'minoxidil', name: 'Minoxidil 5% solution', category: 'hair-loss' },
  { code: 'POWER-SHAMPOO', slug: 'power-shampoo', name: 'Power Shampoo', category: 'hair-loss' },
  { code: 'DAILY-MULTIVITAMIN', slug: 'daily-multivitamin', name: 'Daily Multivitamin', category: 'supplements' },
];
