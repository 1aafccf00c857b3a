import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';

const CONSULTATION_NAMES: Record<string, string> = {
  'weight-loss': 'weight loss',
  'erectile-dysfunction': 'erectile dysfunction',
  'hair-loss': 'hair loss',
};

/** Placeholder for /n/:slug/quiz/:step until the consultation itself is built. */
export function Component() {
  const { slug = '' } = useParams();
  const name = CONSULTATION_NAMES[slug];
  const title = name ? `Your ${name} consultation` : 'Online consultation';
  useDocumentTitle(title);
  return (
    <div className="container page">
      <EmptyState
        headingLevel={1}
        title={title}
        message="Our online consultation is not open yet. Please check back soon: nothing has been saved and you have not been charged."
      >
        <Link to="/">Back to the home page</Link>
      </EmptyState>
    </div>
  );
}
