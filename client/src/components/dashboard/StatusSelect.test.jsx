import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StatusSelect from './StatusSelect';
import { focusDroppedAsDisabled } from '../../test/focus';

/**
 * Changing holds the status as AdminOrders does: a status chosen is pending (the dropdown
 * busy) until `settle.now()` says the change is done.
 */
const settle = {};
function Changing() {
  const [state, setState] = useState({ value: 'Processing', pending: null });
  settle.now = () => setState((s) => ({ value: s.pending, pending: null }));
  return (
    <StatusSelect value={state.pending ?? state.value} busy={state.pending !== null} label="Status of order #1"
      onChange={(pending) => setState((s) => ({ ...s, pending }))} />
  );
}

describe('StatusSelect', () => {
  // A fixed 140 px minimum was cut off in the 320 px phone's stacked order table: the width
  // comes from .status-select (index.css), which lets it shrink to its cell on a phone.
  it('takes its width from the stylesheet, not a fixed minimum', () => {
    const { container } = render(<StatusSelect value="Processing" label="Status of order #1" onChange={() => {}} />);
    const select = container.querySelector('.ant-select');
    expect(select).toHaveClass('status-select');
    expect(select.style.minWidth).toBe('');
  });

  // antd's combobox has no value of its own: the status it shows is read with its name, so an
  // admin tabbing through the orders hears each one's status without opening the list.
  it('tells a screen reader the status it shows', () => {
    render(<StatusSelect value="Processing" label="Status of order #1" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Status of order #1' })).toHaveAccessibleDescription('Processing');
  });

  // SPEC's five statuses, in its order, are each an option a screen reader (and a test by role)
  // can choose, not only those beside the current one.
  it('offers the five statuses as options, in SPEC order', async () => {
    const user = userEvent.setup();
    render(<StatusSelect value="Processing" label="Status of order #1" onChange={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'Status of order #1' }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Not Process', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
  });

  // Busy, the dropdown is disabled and a browser takes the focus off it, to the page: an admin
  // who chose a status by keyboard was left nowhere for the two seconds the change took.
  it('takes the keyboard\'s focus back once a change chosen by keyboard settles', async () => {
    const user = userEvent.setup();
    render(<Changing />);
    const select = screen.getByRole('combobox', { name: 'Status of order #1' });
    await user.click(select);
    await screen.findByRole('listbox');
    // rc-select reads its keys by `which`, which user-event leaves out.
    fireEvent.keyDown(select, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(select, { key: 'Enter', keyCode: 13, which: 13 });
    await focusDroppedAsDisabled(select);
    act(() => settle.now());
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveFocus();
    expect(select.closest('.ant-select')).toHaveTextContent('Shipped');
  });
});
