import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NutritionTable } from './NutritionTable';

const info = {
  serving_size: '1 capsule',
  table: [
    { name: 'Vitamin D', amount: '25 µg', nrv: '500%' },
    { name: 'Green tea extract', amount: '50 mg', nrv: null },
  ],
};

describe('NutritionTable', () => {
  it('has Nutrient, Amount and NRV columns', () => {
    render(<NutritionTable info={info} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nutrient', 'Amount', 'NRV']);
    expect(screen.getByText('Per serving: 1 capsule')).toBeInTheDocument();
  });

  it("marks a nutrient with no NRV with '†' and explains it in a footnote", () => {
    render(<NutritionTable info={info} />);
    const row = screen.getByRole('row', { name: /Green tea extract/ });
    expect(within(row).getByText('†')).toBeInTheDocument();
    expect(within(row).getByText('No NRV established')).toHaveClass('visually-hidden');
    expect(screen.getByText('† No NRV established')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Vitamin D/ })).getByText('500%')).toBeInTheDocument();
  });

  it('leaves out the footnote when every nutrient has an NRV', () => {
    render(<NutritionTable info={{ ...info, table: [info.table[0]!] }} />);
    expect(screen.queryByText('†')).not.toBeInTheDocument();
    expect(screen.queryByText('† No NRV established')).not.toBeInTheDocument();
  });
});
