import { useRecommendationsReady } from '../../recommendations';
import { LoadingAnimation } from './LoadingAnimation';

/** The loading screen, ending as soon as the recommendations page has what it shows first. */
export function FinishingScreen({ slug, onFinish }: { slug: string; onFinish: () => void }) {
  const ready = useRecommendationsReady(slug, true);
  return <LoadingAnimation onFinish={onFinish} ready={ready} />;
}
