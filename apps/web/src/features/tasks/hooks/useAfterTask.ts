import { useLocation, useNavigate } from 'react-router';
import type { Task } from '@elmwood/domain';
import { HEALTH_ACTIONS_PATH } from '../taskPath';

/**
 * Where the patient goes once a task's popup closes (SPEC §4): back to where they came from for a critical
 * task (the thank-you page's 'one more step'), otherwise to their task list.
 */
export function useAfterTask() {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromApp = location.key !== 'default';
  return {
    nextLabel: (task: Pick<Task, 'taskDefinition'> | null) => (task?.taskDefinition.isCritical && cameFromApp ? 'Continue' : 'Back to my tasks'),
    leave: (task: Pick<Task, 'taskDefinition'> | null) => {
      if (task?.taskDefinition.isCritical && cameFromApp) navigate(-1);
      else navigate(HEALTH_ACTIONS_PATH, { replace: true });
    },
  };
}
