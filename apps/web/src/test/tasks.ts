import type { Task } from '@elmwood/domain';

/** An open task as GET /shop-api/tasks sends it. */
export function makeTask(overrides: Partial<Task> & { code?: string; name?: string; isCritical?: boolean } = {}): Task {
  const { code = 'voy-wl-upload-photo-id', name = 'Verify your identity', isCritical = true, ...rest } = overrides;
  return {
    id: `task-${code}`,
    taskType: 'upload-photo',
    taskDefinition: { code, name, image: null, description: 'What this task asks of you.', isCritical, isReminder: false, safetyCheck: true },
    badge: null,
    state: 'open',
    orderNumber: '000123',
    details: { configuration: {} },
    createdAt: '2026-11-20T10:00:00.000Z',
    completedAt: null,
    ...rest,
  };
}
