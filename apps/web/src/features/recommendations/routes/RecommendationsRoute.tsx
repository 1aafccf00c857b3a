import { Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useProductsByCodes } from '../../catalog';
import { useQuizState } from '../../quiz';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { preloadable } from '../../../lib/preloadable';
import { PROGRAMMES, programmeProductCodes } from '../content';
import '../recommendations.css';

// Asked for once the heading has painted, alongside the consultation and treatments.
const body = preloadable(() => import('../components/RecommendationsBody').then((module) => module.RecommendationsBody));
const preloadBody = () => void body.preload().catch(() => {});

/**
 * Run before a server-rendered page is hydrated (router.tsx, loadRouteModules): with the body's code at hand it
 * hydrates with the rest of the page, rather than staying server HTML that a first click cannot yet work.
 */
export async function loadForHydration(): Promise<void> {
  await body.preload();
}

/** /n/:slug/recommendations — what the consultation allows, chosen and sent to checkout. */
export function Component() {
  const { slug = '' } = useParams();
  const content = PROGRAMMES[slug];
  const state = useQuizState(content ? slug : undefined);
  // The treatments are asked for alongside the consultation, not after it.
  useProductsByCodes(content ? programmeProductCodes(content) : [], { limit: content ? programmeProductCodes(content).length : 0, enabled: Boolean(content) });
  useDocumentTitle(content?.heading ?? 'Recommendations');
  // Decided once: the body's place in the tree must not change when its code arrives, or it would start again.
  const [bodyAtHand] = useState(body.isLoaded);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(preloadBody));
    return () => cancelAnimationFrame(frame);
  }, []);

  if (!content) {
    return (
      <div className="container page">
        <EmptyState headingLevel={1} title="We couldn't find that consultation" message="Please choose a consultation from our home page.">
          <Link to="/">Back to the home page</Link>
        </EmptyState>
      </div>
    );
  }
  const quiz = state.data;
  const ready = quiz && quiz.flags.complete && !quiz.rejection && quiz.recommendations.length > 0;
  return (
    // The heading is known from the address alone, so it paints at once; the rest follows the data.
    <div className="recommendations container">
      <header className="recommendations__header">
        <h1>{content.heading}</h1>
      </header>
      {state.isError ? (
        <LoadStatus status="error" onRetry={() => void state.refetch()} />
      ) : state.isPending ? (
        <LoadStatus status="loading" />
      ) : ready && bodyAtHand ? (
        // No Suspense boundary where the code is at hand (a server-rendered page): React would hydrate one in a
        // pass of its own, after the page has started, and a choice made in between would be lost.
        <body.Component slug={slug} content={content} quiz={quiz} />
      ) : ready ? (
        <Suspense fallback={<LoadStatus status="loading" />}>
          <body.Component slug={slug} content={content} quiz={quiz} />
        </Suspense>
      ) : (
        <EmptyState
          title={quiz?.rejection ? 'No recommended treatment' : 'Your consultation comes first'}
          message={
            quiz?.rejection
              ? quiz.rejection.reason
              : quiz
                ? 'Please finish the consultation so our clinicians can recommend a treatment.'
                : 'Our clinicians recommend a treatment once you have answered a short consultation. It takes about five minutes.'
          }
        >
          <ButtonLink to={`/n/${slug}/quiz/1`}>
            {quiz?.rejection ? 'Review your answers' : quiz ? 'Continue your consultation' : 'Start your consultation'}
          </ButtonLink>
        </EmptyState>
      )}
    </div>
  );
}

