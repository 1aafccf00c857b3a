import { useDocumentTitle } from '../lib/useDocumentTitle';
import { NotFoundPanel } from '../ui/NotFoundPanel';

export function Component() {
  useDocumentTitle('Page not found');
  return <NotFoundPanel />;
}
