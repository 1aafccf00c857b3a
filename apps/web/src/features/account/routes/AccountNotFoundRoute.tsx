import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { NotFoundPanel } from '../../../ui/NotFoundPanel';

/** An address under /account that does not exist: the way back is to the account, not the shop's home. */
export function Component() {
  useDocumentTitle('Page not found');
  return <NotFoundPanel back={{ to: '/account/home', label: 'Back to your account' }} />;
}
