import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <EmptyState headingLevel={1} title="Page not found" message="This clinic page does not exist.">
      <ButtonLink to="/clinic">Go to your queue</ButtonLink>
    </EmptyState>
  );
}
