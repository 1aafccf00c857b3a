import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_IN_RULES, TASK_CODES, YELLOW_CARD } from '@elmwood/domain';
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

  it('shows what a check-in’s answers led to, kept on the task, instead of the usual thank-you, a paragraph each', () => {
    const { possiblePancreatitis, lowMood } = CHECK_IN_RULES;
    const outcomePopup = { title: 'We have paused your next delivery', message: `${possiblePancreatitis.patientMessage}\n\n${lowMood.patientMessage}` };
    render(<TaskCompletedDialog task={makeTask({ code: TASK_CODES.weightLossCheckIn, details: { configuration: { outcomePopup } } })} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'We have paused your next delivery' });
    expect(dialog).not.toHaveTextContent(COMPLETION_POPUPS[TASK_CODES.weightLossCheckIn]!.message);
    expect(screen.getByText(possiblePancreatitis.patientMessage)).toBeInTheDocument();
    expect(screen.getByText(lowMood.patientMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: YELLOW_CARD.linkText })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
  });

  it('points a check-in (about side effects) to the MHRA Yellow Card scheme, and other tasks not', () => {
    const { unmount } = render(<TaskCompletedDialog task={makeTask({ code: TASK_CODES.weightLossCheckIn })} onClose={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
    unmount();
    render(<TaskCompletedDialog task={makeTask({ code: TASK_CODES.gpInformation })} onClose={vi.fn()} />);
    expect(screen.queryByRole('link', { name: 'the MHRA Yellow Card scheme' })).not.toBeInTheDocument();
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
