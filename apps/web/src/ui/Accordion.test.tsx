import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './Accordion';

const items = [
  { id: 'a', title: 'First question', content: <p>First answer</p> },
  { id: 'b', title: 'Second question', content: <p>Second answer</p> },
  { id: 'c', title: 'Third question', content: <p>Third answer</p> },
];

describe('Accordion', () => {
  it('starts closed, each button tied to its panel by aria-controls', () => {
    render(<Accordion items={items} />);
    for (const title of ['First question', 'Second question', 'Third question']) {
      const button = screen.getByRole('button', { name: title });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
    }
  });

  it('opens one item at a time', async () => {
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question' });
    const second = screen.getByRole('button', { name: 'Second question' });
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question' })).toHaveTextContent('First answer');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
  });

  it('collapses the open item when its button is pressed again, leaving none open', async () => {
    render(<Accordion items={items} />);
    const third = screen.getByRole('button', { name: 'Third question' });
    await userEvent.click(third);
    await userEvent.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(screen.getByText('Third answer')).not.toBeVisible();
  });

  it('works from the keyboard', async () => {
    render(<Accordion items={items} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First question' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('First answer')).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByText('Second answer')).toBeVisible();
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('puts each button in a heading of the level asked for', () => {
    render(<Accordion items={items} headingLevel={4} />);
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(3);
  });
});
