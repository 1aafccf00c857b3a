import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Carousel } from './Carousel';

describe('Carousel', () => {
  it('names itself and its slides, and steps with its buttons', async () => {
    const user = userEvent.setup();
    render(<Carousel label="Wegovy pictures" slideNoun="Picture" slides={[<p key="a">One</p>, <p key="b">Two</p>]} />);
    expect(screen.getByRole('region', { name: 'Wegovy pictures' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: 'Picture 1 of 2' })).toHaveTextContent('One');
    const previous = screen.getByRole('button', { name: 'Previous picture' });
    const next = screen.getByRole('button', { name: 'Next picture' });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(screen.getByText('Picture 2 of 2')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it('has no buttons for a single slide', () => {
    render(<Carousel label="Pictures" slides={[<p key="a">Only</p>]} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
