// What other features may use from the catalogue. Kept small: the product page itself is a lazy route.
export { useProductBySlug, useProductsByCodes } from './api';
export { ProductPopupButton } from './components/ProductPopupButton';
export { CATEGORY_LABELS, consultationPath } from './consultation';
