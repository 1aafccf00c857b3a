import { EmptyState } from '../../../ui/EmptyState';

export function Component() {
  return (
    <div className="container page">
      <EmptyState headingLevel={1} title="Coming soon" message="This page is being built." />
    </div>
  );
}
