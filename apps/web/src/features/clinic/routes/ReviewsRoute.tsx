import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useReviewQueue, type ReviewTab } from '../api';
import { ReviewQueueTable } from '../components/ReviewQueueTable';
import { Tabs } from '../components/Tabs';
import { UrgentQueue } from '../components/UrgentQueue';

const TABS = [
  { key: 'ready' as const, label: 'Ready for review' },
  { key: 'waiting' as const, label: 'Waiting for patient' },
];

function Queue({ tab }: { tab: ReviewTab }) {
  const queue = useReviewQueue(tab);
  if (queue.isPending) return <LoadStatus status="loading" />;
  if (queue.isError) return <LoadStatus status="error" onRetry={() => void queue.refetch()} />;
  return <ReviewQueueTable queue={queue.data} />;
}

export function Component() {
  useDocumentTitle('Reviews');
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL, so going back to the queue from an order keeps it.
  const tab: ReviewTab = params.get('tab') === 'waiting' ? 'waiting' : 'ready';
  return (
    <div className="clinic-page">
      <h1>Reviews</h1>
      <UrgentQueue />
      <Tabs label="Review queues" tabs={TABS} selected={tab} onSelect={(key) => setParams(key === 'ready' ? {} : { tab: key }, { replace: true })}>
        <Queue tab={tab} />
      </Tabs>
    </div>
  );
}
