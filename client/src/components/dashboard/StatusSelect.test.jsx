import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
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
});
