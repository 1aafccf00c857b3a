import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryContent } from './QueryContent';

const empty = { title: 'Nothing here', message: 'Items appear here.' };
const show = (query: { isPending: boolean; isError: boolean; data: string[] | undefined; refetch: () => unknown }) =>
  render(
    <QueryContent query={query} isEmpty={(data) => data.length === 0} empty={empty}>
      {(data) => <ul aria-label="Items">{data.map((item) => <li key={item}>{item}</li>)}</ul>}
    </QueryContent>,
  );

describe('QueryContent', () => {
  it('says loading, then shows the list', () => {
    const { rerender } = show({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(
      <QueryContent query={{ isPending: false, isError: false, data: ['One'], refetch: vi.fn() }} isEmpty={(data) => data.length === 0} empty={empty}>
        {(data) => <ul aria-label="Items">{data.map((item) => <li key={item}>{item}</li>)}</ul>}
      </QueryContent>,
    );
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('One');
  });

  it('explains an empty list instead of showing nothing', () => {
    show({ isPending: false, isError: false, data: [], refetch: vi.fn() });
    expect(screen.getByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.getByText('Items appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers Retry when loading failed, and retries', async () => {
    const refetch = vi.fn();
    show({ isPending: false, isError: true, data: undefined, refetch });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
