import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './Stars';

const fills = () => [...document.querySelectorAll('.stars__star')].map((star) => star.className.replace(/.*--/, ''));

describe('Stars', () => {
  it.each([
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.3, ['full', 'full', 'full', 'full', 'half']],
    [4.2, ['full', 'full', 'full', 'full', 'empty']],
    [4.75, ['full', 'full', 'full', 'full', 'full']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('draws %d in half steps', (rating, expected) => {
    render(<Stars rating={rating} />);
    expect(fills()).toEqual(expected);
  });

  it.each([
    [4.5, 'Rated 4.5 out of 5'],
    [4.3, 'Rated 4.3 out of 5'],
    [4, 'Rated 4 out of 5'],
    [4.66, 'Rated 4.7 out of 5'],
    [7, 'Rated 5 out of 5'],
  ])('%d has the text equivalent %s', (rating, label) => {
    render(<Stars rating={rating} />);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
  });

  it('hides the single stars from assistive technology', () => {
    render(<Stars rating={3} />);
    expect(document.querySelectorAll('.stars__star[aria-hidden="true"]')).toHaveLength(5);
  });
});
