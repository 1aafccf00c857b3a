import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WeightPoint } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useWeightLogs } from '../api';
import { DeleteWeightDialog } from '../components/DeleteWeightDialog';
import { ProjectionChart } from '../components/ProjectionChart';
import { TrackingChart } from '../components/TrackingChart';
import { WeightEntries } from '../components/WeightEntries';
import { WeightModal, type WeightModalMode } from '../components/WeightModal';
import { WeightSummary } from '../components/WeightSummary';
import { MilestonesSection } from '../components/MilestonesSection';
import '../weight.css';

/** /account/progress — weight tracking: figures, the tracking and projection charts, and every entry. */
export function Component() {
  useDocumentTitle('Your progress');
  const logs = useWeightLogs();
  const [search] = useSearchParams();
  // The installed app's 'Log weight' shortcut opens the page with the form open (installableAppPlugin.ts).
  const [modal, setModal] = useState<{ mode: WeightModalMode; entry?: WeightPoint } | null>(() => (search.get('log') === 'weight' ? { mode: 'log' } : null));
  const [deleting, setDeleting] = useState<WeightPoint | null>(null);
  // The dialogs open from code, so focus is handed back by hand: to the button that opened one, or after a delete
  // (that button is gone) to 'Log your weight'.
  const opener = useRef<HTMLElement | null>(null);
  const logButton = useRef<HTMLButtonElement>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  if (logs.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (logs.isError) return <LoadStatus status="error" onRetry={() => void logs.refetch()} className="account-page container" />;
  const data = logs.data;

  return (
    <div className="account-page container progress-page">
      <h1>Your progress</h1>
      <div className="progress-page__actions">
        <Button
          ref={logButton}
          variant="primary"
          onClick={() => {
            remember();
            setModal({ mode: 'log' });
          }}
        >
          Log your weight
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            remember();
            setModal({ mode: 'goal' });
          }}
        >
          Set your goal weight
        </Button>
      </div>
      {data.points.length === 0 ? (
        <section className="account-card">
          <EmptyState title="No weights yet" message="Log your weight to start your chart. Weigh yourself at the same time of day for the clearest picture." />
        </section>
      ) : (
        <>
          <WeightSummary data={data} />
          <MilestonesSection />
          <TrackingChart data={data} />
          <ProjectionChart data={data} />
          <WeightEntries
            data={data}
            onEdit={(entry) => {
              remember();
              setModal({ mode: 'edit', entry });
            }}
            onDelete={(entry) => {
              remember();
              setDeleting(entry);
            }}
          />
        </>
      )}
      <WeightModal
        mode={modal?.mode ?? 'log'}
        entry={modal?.entry}
        open={modal !== null}
        onOpenChange={(open) => (open ? undefined : setModal(null))}
        preferredUnit={data.preferredUnit}
        heightKnown={data.heightCm !== null}
        goalKg={data.goalWeightKg}
        returnFocusTo={opener}
      />
      <DeleteWeightDialog
        entry={deleting}
        unit={data.preferredUnit}
        returnFocusTo={opener}
        onClose={(deleted) => {
          if (deleted) opener.current = logButton.current;
          setDeleting(null);
        }}
      />
    </div>
  );
}
