import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { browseAnswer, browseHandler } from '../browse/test-browse';
import { makeProduct } from '../../test/fixtures';
import { tee } from '../variants/test-fixtures';

const card = async (name) => within(await screen.findByRole('article', { name }));

describe('Product card', () => {
  it('says Sold out and cannot add a product none of which is left, sized or not', async () => {
    const plainGone = makeProduct(1, { quantity: 0 });
    const teeGone = {
      ...tee, _id: 'p21', name: 'Wool Tee', slug: 'wool-tee', quantity: 0,
      variants: tee.variants.map((v) => ({ ...v, quantity: 0 })),
    };
    server.use(browseHandler([plainGone, makeProduct(2), teeGone, tee]));
    await renderRoute('/shop');
    for (const name of ['Product 1', 'Wool Tee']) {
      const sold = await card(name);
      expect(sold.getByText('Sold out')).toBeInTheDocument();
      expect(sold.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      expect(sold.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription('Sold out');
    }
    for (const name of ['Product 2', 'Linen Tee']) {
      const inStock = await card(name);
      expect(inStock.queryByText('Sold out')).not.toBeInTheDocument();
      expect(inStock.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    }
  });

  it('shows what the sizes and colours that match the filters cost, when the list says so', async () => {
    server.use(http.get('*/api/v1/product/browse', ({ request }) => {
      const answer = browseAnswer([makeProduct(2), tee], new URL(request.url).searchParams);
      answer.products = answer.products.map((p) => (p._id === tee._id ? { ...p, matchedPrice: 650 } : p));
      return HttpResponse.json(answer);
    }));
    await renderRoute('/shop');
    expect((await card('Linen Tee')).getByText('₹650')).toBeInTheDocument();
    expect((await card('Product 2')).getByText(`₹${makeProduct(2).price}`)).toBeInTheDocument();
  });

  it('shows a filtered list\'s product at its own price when the list leaves matchedPrice out', async () => {
    // A size on sale below the product's price: the sizes that match cost the product's price.
    const onSale = { ...tee, variants: tee.variants.map((v) => (v.options.Size === 'S' ? { ...v, price: 300 } : v)) };
    server.use(http.get('*/api/v1/product/browse', ({ request }) =>
      HttpResponse.json(browseAnswer([onSale], new URL(request.url).searchParams))));
    await renderRoute('/shop?size=M');
    expect((await card('Linen Tee')).getByText(`₹${tee.price}`)).toBeInTheDocument();
  });

  it('shows, outside a filtered list, the lowest price its sizes sell at, as its page does', async () => {
    // Every size of the blazer costs more than the product's own price, as the admin set them.
    const blazer = { ...tee, _id: 'p22', name: 'Linen Blazer', slug: 'linen-blazer', price: 999,
      variants: tee.variants.map((v, i) => ({ ...v, price: 1499 + 100 * i })) };
    server.use(http.get('*/api/v1/product/search/:keyword', () => HttpResponse.json([blazer, makeProduct(2)])));
    const { user } = await renderRoute('/about');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'linen{Enter}');
    expect((await card('Linen Blazer')).getByText('₹1499')).toBeInTheDocument();
    expect((await card('Product 2')).getByText(`₹${makeProduct(2).price}`)).toBeInTheDocument();
  });
});
