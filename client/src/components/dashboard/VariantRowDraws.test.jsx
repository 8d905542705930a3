import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderDashboard } from './test-render';
import { server, url } from '../../test/server';
import { admin, signedIn } from '../../test/fixtures';
import { tee } from '../variants/test-fixtures';

// Each row's column labels count how often the row draws.
const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock('./StackLabel', () => ({
  default: () => {
    draws.count += 1;
    return null;
  },
}));

describe('Sizes and colours editor', () => {
  it('draws only the row typed in, not every row, on each keystroke', async () => {
    server.use(http.get(url('product/get-product/linen-tee'), () => HttpResponse.json({ success: true, product: tee })));
    const { user } = await renderDashboard('/dashboard/admin/product/linen-tee', { auth: signedIn(admin) });
    const stock = await screen.findByLabelText('Stock of M / Navy');
    await user.click(stock);
    draws.count = 0;
    await user.keyboard('7');
    expect(stock).toHaveValue(27);
    // One row of three labelled cells drew again, not the product's five rows.
    expect(draws.count).toBe(3);
  });
});
