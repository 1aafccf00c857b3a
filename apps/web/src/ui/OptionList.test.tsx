import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionList } from './OptionList';

const places = ['1 High Street', '2 High Street', '3 High Street'];

function renderList() {
  const onChoose = vi.fn();
  render(<OptionList label="Select your address" hint="3 addresses found" options={places} optionKey={(place) => place} renderOption={(place) => place} onChoose={onChoose} />);
  return { onChoose, list: screen.getByRole('listbox', { name: 'Select your address' }) };
}

const selected = () => screen.getAllByRole('option').filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent);

describe('OptionList', () => {
  it('is a listbox named and described by its label and hint, reached with Tab, nothing chosen on arrival', async () => {
    const { list, onChoose } = renderList();
    expect(list).toHaveAccessibleDescription('3 addresses found');
    await userEvent.tab();
    expect(list).toHaveFocus();
    expect(list).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('moves with the arrow keys, Home and End, stopping at either end, and chooses only on Enter', async () => {
    const { onChoose } = renderList();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()).toEqual(['1 High Street']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()).toEqual(['3 High Street']);
    await userEvent.keyboard('{Home}');
    expect(selected()).toEqual(['1 High Street']);
    await userEvent.keyboard('{End}');
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('3 High Street');
  });

  it('chooses an option tapped or clicked', async () => {
    const { onChoose } = renderList();
    await userEvent.click(screen.getByRole('option', { name: '2 High Street' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('2 High Street');
  });
});
