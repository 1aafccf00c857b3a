import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TASK_CODES } from '@elmwood/domain';
import { makeTask } from '../../../test/tasks';
import { COMPLETION_POPUPS } from '../completionPopups';
import { TaskCompletedDialog } from './TaskCompletedDialog';

describe('TaskCompletedDialog', () => {
  it.each(Object.values(TASK_CODES))('shows the popup of %s', (code) => {
    render(<TaskCompletedDialog task={makeTask({ code })} onClose={vi.fn()} />);
    const popup = COMPLETION_POPUPS[code]!;
    expect(screen.getByRole('dialog', { name: popup.title })).toHaveTextContent(popup.message);
  });

  it('takes an unknown code’s words from its configuration, else says the task is complete', () => {
    const { unmount } = render(
      <TaskCompletedDialog task={makeTask({ code: 'fill-form', details: { configuration: { completionPopup: { title: 'Form received', message: 'Thanks for filling it in.' } } } })} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: 'Form received' })).toHaveTextContent('Thanks for filling it in.');
    unmount();
    render(<TaskCompletedDialog task={makeTask({ code: 'fill-form' })} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Task complete' })).toBeInTheDocument();
  });

  it('closes through its next step, by the button or Escape', async () => {
    const onClose = vi.fn();
    render(<TaskCompletedDialog task={makeTask()} onClose={onClose} nextLabel="Back to my tasks" />);
    await userEvent.click(screen.getByRole('button', { name: 'Back to my tasks' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays closed without a finished task', () => {
    render(<TaskCompletedDialog task={null} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
