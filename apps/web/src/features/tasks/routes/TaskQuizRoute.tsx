import { useParams, useSearchParams } from 'react-router';
import { QuizPage } from '../../quiz';
import { FinishTask } from '../components/FinishTask';
import { HEALTH_ACTIONS_PATH } from '../taskPath';
import '../../../ui/page-styles/tasks.css';

/** /account/n/:slug/quiz/:step?taskId=… — a follow-up questionnaire; its last step completes the task. */
export function Component() {
  const { slug, step = '1' } = useParams();
  const [search] = useSearchParams();
  const taskId = search.get('taskId') ?? undefined;
  return (
    <QuizPage
      slug={slug}
      step={step}
      basePath={`/account/n/${slug}/quiz`}
      keepQuery={taskId ? `taskId=${encodeURIComponent(taskId)}` : undefined}
      exitPath={HEALTH_ACTIONS_PATH}
      taskId={taskId}
      onFinished={() => <FinishTask taskId={taskId ?? null} />}
    />
  );
}
