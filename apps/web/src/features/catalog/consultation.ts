import type { Category } from '@elmwood/domain';

/** Which consultation a product's call to action starts; supplements sit within the weight-loss programme. */
const CONSULTATION_BY_CATEGORY: Record<Category, string> = {
  'weight-loss': 'weight-loss',
  'erectile-dysfunction': 'erectile-dysfunction',
  'hair-loss': 'hair-loss',
  supplements: 'weight-loss',
};

export const CATEGORY_LABELS: Record<Category, string> = {
  'weight-loss': 'Weight loss',
  'erectile-dysfunction': 'Erectile dysfunction',
  'hair-loss': 'Hair loss',
  supplements: 'Supplements',
};

export function consultationSlug(category: Category): string {
  return CONSULTATION_BY_CATEGORY[category];
}

/** First step of the consultation for a category: '/n/weight-loss/quiz/1'. */
export function consultationPath(category: Category): string {
  return `/n/${consultationSlug(category)}/quiz/1`;
}
