import { Link, useParams } from 'react-router';
import { NotFoundPanel } from '../../../ui/NotFoundPanel';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { STATIC_PAGES } from '../content';
import '../pages.css';

const LAST_UPDATED = 'November 2026';

/** /pages/:slug: guarantee, terms and privacy copy. */
export function Component() {
  const { slug = '' } = useParams();
  const page = Object.hasOwn(STATIC_PAGES, slug) ? STATIC_PAGES[slug] : undefined;
  useDocumentTitle(page?.title ?? 'Page not found');
  if (!page) return <NotFoundPanel />;
  return (
    <article className="container page static-page">
      <header className="static-page__header">
        <h1>{page.title}</h1>
        <p className="static-page__summary">{page.summary}</p>
        <p className="static-page__updated">Last updated {LAST_UPDATED}</p>
      </header>
      <div className="static-page__demo" role="note">
        <strong>Demo copy.</strong> This page is placeholder text for a demonstration shop. It must be reviewed by the
        clinic's lawyers before it is used with real patients.
      </div>
      <div className="static-page__body">{page.body}</div>
      <p className="static-page__back">
        <Link to="/">Back to the home page</Link>
      </p>
    </article>
  );
}
