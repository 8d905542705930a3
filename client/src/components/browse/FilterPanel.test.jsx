// The price range of the shop's filters (FilterPanel.jsx) as a keyboard or screen reader user
// meets it, when the minimum typed is above the maximum.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render';

const REVERSED = 'Min price must not be more than Max price.';

describe('a price range whose minimum is above its maximum', () => {
  // The note appeared silently, and Apply price then did nothing to be seen or heard.
  it('is said as it appears, and Apply price takes the focus to Min price', async () => {
    const { user, router } = await renderRoute('/shop');
    const min = await screen.findByRole('spinbutton', { name: 'Min price' });
    const max = screen.getByRole('spinbutton', { name: 'Max price' });
    // A live region is heard when its words change, so it is there, empty, beforehand.
    const region = min.closest('form').querySelector('[aria-live="polite"], [role="alert"]');
    expect(region).toBeEmptyDOMElement();

    await user.type(min, '3000');
    await user.type(max, '1000');
    expect(region).toHaveTextContent(REVERSED);

    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(min).toHaveFocus();
    expect(min).toHaveAccessibleDescription(REVERSED);
    expect(router.state.location.search).toBe('');
  });
});

describe('a price range with paise', () => {
  // The fields took whole rupees only: the browser refused 499.99 ("the two nearest valid
  // values are 499 and 500") and Apply price did nothing.
  it('is applied as typed', async () => {
    const { user, router } = await renderRoute('/shop');
    const min = await screen.findByRole('spinbutton', { name: 'Min price' });
    const max = screen.getByRole('spinbutton', { name: 'Max price' });
    await user.type(min, '199.50');
    await user.type(max, '499.99');
    expect(min).toBeValid();
    expect(max).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('minPrice'), params.get('maxPrice')]).toEqual(['199.50', '499.99']);
  });
});
