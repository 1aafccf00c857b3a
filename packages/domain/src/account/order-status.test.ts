import { describe, expect, it } from 'vitest';
import { orderStatus, WAITING_FOR_PHOTOS } from './order-status';

const task = (id: string, taskType: 'upload-photo' | 'gp-info', orderNumber: string | null, isCritical = true, state: 'open' | 'completed' = 'open') => ({
  id,
  taskType,
  orderNumber,
  state,
  taskDefinition: { code: id, name: id, image: null, description: '', isCritical, isReminder: false, safetyCheck: false },
});

describe('orderStatus', () => {
  it("says 'Waiting for your photos' with the photo task, when the order waits for one", () => {
    const photo = task('photo-id', 'upload-photo', '000123');
    const gp = task('gp', 'gp-info', '000123');
    expect(orderStatus({ id: '000123', state: 'awaiting_patient' }, [gp, photo])).toEqual({ title: WAITING_FOR_PHOTOS, task: photo });
    expect(WAITING_FOR_PHOTOS).toBe('Waiting for your photos');
  });
  it('names the first other critical task when no photo is missing', () => {
    const gp = task('gp', 'gp-info', '000123');
    expect(orderStatus({ id: '000123', state: 'awaiting_patient' }, [gp])).toEqual({ title: 'Waiting for your tasks', task: gp });
  });
  it('ignores other orders’ tasks, finished tasks and tasks that hold nothing up', () => {
    const others = [task('a', 'upload-photo', '000999'), task('b', 'upload-photo', '000123', false), task('c', 'upload-photo', '000123', true, 'completed')];
    expect(orderStatus({ id: '000123', state: 'awaiting_patient' }, others)).toEqual({ title: 'Waiting for your tasks', task: null });
  });
  it('reads later states as the timeline does, and never-placed orders as nothing', () => {
    expect(orderStatus({ id: '1', state: 'in_review' }, [task('p', 'upload-photo', '1')])).toEqual({ title: 'In clinical review', task: null });
    expect(orderStatus({ id: '1', state: 'rejected' }, [])).toEqual({ title: 'Not approved', task: null });
    expect(orderStatus({ id: '1', state: 'payment_pending' }, [])).toBeNull();
  });
});
