import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StatusSelect from './StatusSelect';

describe('StatusSelect', () => {
  // A fixed 140 px minimum was cut off in the 320 px phone's stacked order table: the width
  // comes from .status-select (index.css), which lets it shrink to its cell on a phone.
  it('takes its width from the stylesheet, not a fixed minimum', () => {
    const { container } = render(<StatusSelect value="Processing" label="Status of order #1" onChange={() => {}} />);
    const select = container.querySelector('.ant-select');
    expect(select).toHaveClass('status-select');
    expect(select.style.minWidth).toBe('');
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
});
