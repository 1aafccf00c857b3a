import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { SLOW_LOAD_MS } from '../../../lib/config';
import { useAfterDelay } from '../../../lib/useAfterDelay';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { isFetchableSlug, useProductBySlug } from '../api';
import { ProductDetails } from '../components/ProductDetails';
import { ProductLoadError, ProductLoading, ProductNotFound } from '../components/ProductStates';
import '../components/ProductDetails.css';

/** /products/:slug. Every failure is a state on the page; nothing here throws (SPEC §8). */
export function Component() {
  const { slug } = useParams();
  const fetchable = isFetchableSlug(slug);
  const query = useProductBySlug(slug);
  const slow = useAfterDelay(fetchable && query.isPending, SLOW_LOAD_MS);
  const notFound = !fetchable || (isApiError(query.error) && query.error.isNotFound);

  useDocumentTitle(
    query.data?.name ?? (notFound ? 'Treatment not found' : query.isError ? 'Treatment did not load' : 'Loading treatment'),
  );

  if (notFound) return <ProductNotFound />;
  if (query.data) return <ProductDetails product={query.data} />;
  if (query.isError) return <ProductLoadError onRetry={() => void query.refetch()} />;
  return <ProductLoading status={slow ? 'slow' : 'loading'} onRetry={() => void query.refetch({ cancelRefetch: true })} />;
}
