import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { categories, makeProduct } from '../../test/fixtures';
import { tee } from '../variants/test-fixtures';
import { browseAnswer, browseHandler, REVERSED_PRICES } from './test-browse';

const sized = (n, sizes, category, quantity = 3) =>
  makeProduct(n, {
    category,
    options: [{ name: 'Size', values: sizes }],
    variants: sizes.map((Size, i) => ({ _id: `v${n}-${i}`, sku: `S${n}${Size}`, options: { Size }, quantity })),
  });

// Shirts: the tee (S M L; Navy Sand), shirts 2 and 3 in M and L; jeans 4 (30 32, sold out);
// two plain products.
const catalogue = [
  tee,
  sized(2, ['M', 'L'], categories[0]),
  sized(3, ['M', 'L'], categories[0]),
  sized(4, ['30', '32'], categories[1], 0),
  makeProduct(5, { category: categories[1] }),
  makeProduct(6, { category: categories[2] }),
];

/**
 * screenOf answers media queries as a screen `px` wide would, and returns turn(to), which makes
 * it `to` wide and tells the queries whose answer changes, as a phone turned round does.
 * Restore with vi.restoreAllMocks().
 */
function screenOf(px) {
  let width = px;
  const answer = (query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  const lists = [];
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => {
    const heard = new Set();
    const list = {
      media, onchange: null, was: answer(media), heard,
      get matches() { return answer(media); },
      addListener: (f) => heard.add(f), removeListener: (f) => heard.delete(f),
      addEventListener: (_type, f) => heard.add(f), removeEventListener: (_type, f) => heard.delete(f),
      dispatchEvent: () => false,
    };
    lists.push(list);
    return list;
  });
  return (to) => act(() => {
    width = to;
    for (const list of lists) {
      const matches = answer(list.media);
      if (matches === list.was) continue;
      list.was = matches;
      list.heard.forEach((f) => f({ matches, media: list.media }));
    }
  });
}

function serve() {
  const seen = [];
  server.use(browseHandler(catalogue, seen));
  return seen;
}
const cards = () => within(screen.getByRole('list', { name: 'Products' })).queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
const filters = () => within(screen.getByRole('region', { name: 'Filters' }));
const box = (group, name) => within(filters().getByRole('group', { name: group })).getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });

describe('the filtered product list', () => {
  it('shows facet counts, the result count and the cards', async () => {
    serve();
    await renderRoute('/shop');
    expect(await screen.findByText('6 product(s)')).toBeInTheDocument();
    expect(cards()).toHaveLength(6);
    expect(box('Size', 'M').parentElement).toHaveTextContent('M(3)');
    expect(box('Size', '30').parentElement).toHaveTextContent('30(1)');
    expect(box('Colour', 'Navy').parentElement).toHaveTextContent('Navy(1)');
    expect(box('Category', 'Jeans').parentElement).toHaveTextContent('Jeans(2)');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('puts a ticked size in the address, asks the server for it and shows what matches', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop');
    await user.click(await screen.findByRole('checkbox', { name: /^M \(/ }));
    await waitFor(() => expect(cards()).toEqual(['Linen Tee', 'Product 2', 'Product 3']));
    expect(router.state.location.search).toBe('?size=M');
    expect(seen.at(-1)).toMatchObject({ size: 'M', page: '1', limit: '6' });
    expect(screen.getByText('3 product(s)')).toBeInTheDocument();
    // Other sizes keep their counts: ticking M does not hide how many L there are.
    expect(box('Size', 'L').parentElement).toHaveTextContent('L(3)');
    await user.click(box('Size', 'L'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=M%2CL'));
  });

  it('keeps each row in its place while filtering: a value that drops to 0 stays, disabled', async () => {
    serve();
    const { user } = await renderRoute('/shop');
    const names = (group) => within(filters().getByRole('group', { name: group })).getAllByRole('checkbox')
      .map((c) => c.closest('label').textContent);
    await waitFor(() => expect(names('Category')).toEqual(['Shirts(3)', 'Jeans(2)', 'Jackets(1)']));
    await user.click(box('Size', 'M'));
    // Only shirts come in M: the server leaves Jeans and Jackets out of its answer.
    await waitFor(() => expect(names('Category')).toEqual(['Shirts(3)', 'Jeans(0)', 'Jackets(0)']));
    expect(box('Category', 'Jeans')).toBeDisabled();
    expect(box('Category', 'Shirts')).toBeEnabled();
    expect(names('Size')).toEqual(['S(1)', 'M(3)', 'L(3)', '30(1)', '32(1)']);
    await user.click(box('Size', 'M'));
    await waitFor(() => expect(names('Category')).toEqual(['Shirts(3)', 'Jeans(2)', 'Jackets(1)']));
    expect(box('Category', 'Jeans')).toBeEnabled();
  });

  it('keeps a ticked value that drops to 0 tickable, so it can be unticked', async () => {
    serve();
    const { user, router } = await renderRoute('/shop');
    await user.click(await screen.findByRole('checkbox', { name: /^30 \(/ }));
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    // The jeans in 30 are sold out: the server leaves 30 out of the sizes in stock.
    await waitFor(() => expect(box('Size', '30').parentElement).toHaveTextContent('30(0)'));
    expect(box('Size', '30')).toBeChecked();
    expect(box('Size', '30')).toBeEnabled();
    expect(box('Size', '32')).toBeDisabled();
    await user.click(box('Size', '30'));
    await waitFor(() => expect(router.state.location.search).toBe('?inStock=true'));
  });

  it('restores filters, sort and loaded pages from a shared link', async () => {
    const seen = serve();
    await renderRoute('/shop?size=M,L&colour=Navy&sort=name&inStock=true&minPrice=100&page=1');
    await waitFor(() => expect(cards()).toEqual(['Linen Tee']));
    expect(box('Size', 'M')).toBeChecked();
    expect(box('Size', 'L')).toBeChecked();
    expect(box('Colour', 'Navy')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Min price' })).toHaveValue(100);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(seen.at(-1)).toMatchObject({ size: 'M,L', colour: 'Navy', sort: 'name', inStock: 'true', minPrice: '100' });
  });

  it('puts right an address asking for no page there is, as the page 1 it shows', async () => {
    for (const page of ['0', 'abc']) {
      serve();
      const { router, unmount } = await renderRoute(`/shop?sort=name&page=${page}`);
      await waitFor(() => expect(cards()).toHaveLength(6));
      await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
      expect(router.state.historyAction).toBe('REPLACE');
      unmount();
    }
  });

  it('sorts by price, applies a price range, and starts again from page 1', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop?page=2');
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() => expect(cards()[0]).toBe('Product 6'));
    expect(router.state.location.search).toBe('?sort=price-desc');
    await user.type(screen.getByRole('spinbutton', { name: 'Max price' }), '300');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(cards()).toEqual(['Product 3', 'Product 2']));
    expect(router.state.location.search).toBe('?sort=price-desc&maxPrice=300');
    expect(seen.at(-1)).toMatchObject({ sort: 'price-desc', maxPrice: '300', page: '1' });
  });

  it('says the list is updating, and dims the cards, while a new filter\'s answer is on its way', async () => {
    let answer;
    const held = new Promise((resolve) => { answer = resolve; });
    server.use(http.get('*/api/v1/product/browse', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('size')) await held;
      return HttpResponse.json(browseAnswer(catalogue, params));
    }));
    const { user } = await renderRoute('/shop');
    expect(await screen.findByText('6 product(s)')).toBeInTheDocument();
    const grid = () => screen.getByRole('list', { name: 'Products' }).parentElement;
    expect(grid()).toHaveAttribute('aria-busy', 'false');

    await user.click(box('Size', 'S'));
    // The cards still shown are the last filter's: no count of theirs reads as this filter's.
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(screen.queryByText('6 product(s)')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(6);
    expect(grid()).toHaveAttribute('aria-busy', 'true');

    answer();
    expect(await screen.findByText('1 product(s)')).toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
    expect(grid()).toHaveAttribute('aria-busy', 'false');
    expect(cards()).toEqual(['Linen Tee']);
  });

  it('keeps the count and the cards as they are while more pages load', async () => {
    let answer;
    const held = new Promise((resolve) => { answer = resolve; });
    const shelf = Array.from({ length: 8 }, (_, i) => makeProduct(i + 1));
    server.use(http.get('*/api/v1/product/browse', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('page') !== '1') await held;
      return HttpResponse.json(browseAnswer(shelf, params));
    }));
    const { user } = await renderRoute('/shop');
    expect(await screen.findByText('8 product(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled());
    expect(screen.getByText('8 product(s)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products' }).parentElement).toHaveAttribute('aria-busy', 'false');
    answer();
    await waitFor(() => expect(cards()).toHaveLength(8));
  });

  it('hints the price range in whole rupees, short enough to show whole in the narrow fields', async () => {
    server.use(browseHandler([makeProduct(1, { price: 199.99 }), makeProduct(2, { price: 4999.5 })]));
    await renderRoute('/shop');
    expect(await screen.findByText('2 product(s)')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Min price' })).toHaveAttribute('placeholder', '₹199');
    expect(screen.getByRole('spinbutton', { name: 'Max price' })).toHaveAttribute('placeholder', '₹5000');
  });

  it('does not apply a minimum price above the maximum, and says so next to the prices', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const min = screen.getByRole('spinbutton', { name: 'Min price' });
    const max = screen.getByRole('spinbutton', { name: 'Max price' });
    await user.type(min, '3000');
    await user.type(max, '1000');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(screen.getByText('Min price must not be more than Max price.')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('Min price must not be more than Max price.');
    expect(router.state.location.search).toBe('');
    expect(seen.some((query) => query.minPrice)).toBe(false);
    await user.clear(max);
    await user.type(max, '5000');
    expect(screen.queryByText('Min price must not be more than Max price.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=3000&maxPrice=5000'));
  });

  it.each(['/shop', '/category/shirts'])(
    'on %s, shows the reason of filters the server refuses, keeps the panel and offers no Try again',
    async (path) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      serve();
      const { router } = await renderRoute(path);
      await waitFor(() => expect(cards().length).toBeGreaterThan(0));
      // A shared link can carry what the price inputs refuse to apply.
      await router.navigate(`${path}?minPrice=3000&maxPrice=1000`);
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(REVERSED_PRICES));
      expect(alert).not.toHaveTextContent('Check your connection');
      expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(box('Size', 'M')).toBeInTheDocument();
      expect(box('Colour', 'Navy')).toBeInTheDocument();
      log.mockRestore();
    },
  );

  it('keeps only products in stock when asked', async () => {
    serve();
    const { user } = await renderRoute('/shop');
    await user.click(await screen.findByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() => expect(cards()).not.toContain('Product 4'));
    expect(cards()).toHaveLength(5);
  });

  it('lists the matches of a keyword in the address, which Clear drops', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop?q=product%204');
    await waitFor(() => expect(cards()).toEqual(['Product 4']));
    expect(seen.at(-1)).toMatchObject({ q: 'product 4' });
    expect(screen.getByText(/Matching “product 4”/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the keyword product 4' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(router.state.location.search).toBe('');
    // Clear went with the keyword: the focus is on the sort order beside it.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
  });

  it('goes Back to the list before the last filter', async () => {
    serve();
    const { user, router } = await renderRoute('/shop');
    await user.click(await screen.findByRole('checkbox', { name: /^Jeans \(/ }));
    await waitFor(() => expect(cards()).toEqual(['Product 4', 'Product 5']));
    await router.navigate(-1);
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(box('Category', 'Jeans')).not.toBeChecked();
  });

  it('offers to clear the filters when nothing matches', async () => {
    serve();
    const { user, router } = await renderRoute('/shop?colour=Navy&size=30');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear all filters' })[0]);
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
  });

  it('moves the focus to the sort order when the toolbar\'s Clear all filters goes', async () => {
    serve();
    const { user, router } = await renderRoute('/shop?size=M');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const clearAll = screen.getAllByRole('button', { name: 'Clear all filters' }).at(-1);
    await user.click(clearAll);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
  });

  // At 900-1280 px the 220 px panel left "(6)" on a line of its own under a long name. jsdom
  // lays nothing out: the test reads the styles the panel's stylesheet gives the count.
  it('keeps a value\'s count on one line beside a long name', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync('src/components/browse/browse.css', 'utf8');
    document.head.append(sheet);
    try {
      const hoodies = { _id: 'c9', name: 'Hoodies & Sweatshirts', slug: 'hoodies' };
      server.use(browseHandler([1, 2].map((n) => makeProduct(n, { category: hoodies }))));
      await renderRoute('/shop');
      await screen.findByText('2 product(s)');
      const count = within(box('Category', 'Hoodies & Sweatshirts').closest('label')).getByText('(2)');
      const { whiteSpace, flexShrink } = getComputedStyle(count);
      expect({ whiteSpace, flexShrink }).toEqual({ whiteSpace: 'nowrap', flexShrink: '0' });
    } finally {
      sheet.remove();
    }
  });

  it('opens the filters as a dialog from the Filters button, and closes it', async () => {
    serve();
    const { user } = await renderRoute('/shop');
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Show 6 results' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the open drawer, and gives focus back to the Filters button on closing', async () => {
    serve();
    const { user } = await renderRoute('/shop');
    const button = await screen.findByRole('button', { name: 'Filters' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    const show = within(dialog).getByRole('button', { name: 'Show 6 results' });
    await user.tab({ shift: true });
    expect(show).toHaveFocus();
    await user.tab();
    expect(within(dialog).getAllByRole('checkbox')[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(show).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Show 6 results' }));
    expect(button).toHaveFocus();
  });

  it('closes the drawer when a phone turns round past the breakpoint, leaving focus in the panel', async () => {
    serve();
    const turn = screenOf(390);
    try {
      const { user } = await renderRoute('/shop');
      const button = await screen.findByRole('button', { name: 'Filters' });
      await user.click(button);
      const dialog = screen.getByRole('dialog', { name: 'Filters' });
      await user.tab();
      const first = within(dialog).getAllByRole('checkbox')[0];
      expect(first).toHaveFocus();
      turn(844);
      // the panel beside the list: no dialog, no drawer, and Tab goes on to the page
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(filters().getAllByRole('checkbox')[0]).toBe(first);
      expect(screen.getByRole('region', { name: 'Filters' })).not.toHaveAttribute('aria-modal');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(first).toHaveFocus();
      await user.tab({ shift: true });
      expect(screen.getByRole('region', { name: 'Filters' })).not.toContainElement(document.activeElement);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('applies a price range typed in the drawer as Apply and show results closes it', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Filters' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Max price' }), '300');
    // 6 is the count without the typed price: the button does not promise it.
    expect(dialog.queryByRole('button', { name: /^Show \d+ results?$/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Apply and show results' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=300'));
    await waitFor(() => expect(cards()).toEqual(['Product 2', 'Product 3']));
    expect(seen.at(-1)).toMatchObject({ maxPrice: '300' });
    expect(screen.getByRole('spinbutton', { name: 'Max price' })).toHaveValue(300);
  });

  it('counts one result in the singular on the drawer\'s button', async () => {
    serve();
    const { user } = await renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Filters' }));
    await user.click(within(dialog.getByRole('group', { name: /^Size/ })).getByRole('checkbox', { name: /^S \(/ }));
    expect(await dialog.findByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();
  });

  it('names no count in the drawer\'s button until the count of an applied price is in', async () => {
    let answer;
    const held = new Promise((resolve) => { answer = resolve; });
    server.use(http.get('*/api/v1/product/browse', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('maxPrice')) await held;
      return HttpResponse.json(browseAnswer(catalogue, params));
    }));
    const { user } = await renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Filters' }));
    expect(dialog.getByRole('button', { name: 'Show 6 results' })).toBeInTheDocument();
    await user.type(dialog.getByRole('spinbutton', { name: 'Max price' }), '300');
    expect(dialog.getByRole('button', { name: 'Apply and show results' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Apply price' }));
    expect(await dialog.findByRole('button', { name: 'Show results' })).toBeInTheDocument();
    answer();
    expect(await dialog.findByRole('button', { name: 'Show 2 results' })).toBeInTheDocument();
  });

  it('applies a typed price range when Escape closes the drawer', async () => {
    serve();
    const { user, router } = await renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Min price' }), '250');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=250'));
  });

  it('closing the drawer on a reversed range applies nothing and shows the range in force again', async () => {
    const seen = serve();
    const { user, router } = await renderRoute('/shop?maxPrice=5000');
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    const min = screen.getByRole('spinbutton', { name: 'Min price' });
    const max = screen.getByRole('spinbutton', { name: 'Max price' });
    await user.type(min, '3000');
    await user.clear(max);
    await user.type(max, '1000');
    await user.click(screen.getByRole('button', { name: /^Show \d+ results$/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(min).toHaveValue(null);
    expect(max).toHaveValue(5000);
    expect(router.state.location.search).toBe('?maxPrice=5000');
    expect(seen.some((query) => query.minPrice)).toBe(false);
  });

  it('lists one category on its page, without a category filter', async () => {
    const seen = serve();
    const { user } = await renderRoute('/category/shirts');
    expect(await screen.findByRole('heading', { name: 'Category - Shirts' })).toBeInTheDocument();
    expect(await screen.findByText('3 result found')).toBeInTheDocument();
    expect(cards()).toEqual(['Linen Tee', 'Product 2', 'Product 3']);
    expect(filters().queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ category: 'shirts', limit: '48' });
    await user.click(box('Colour', 'Sand'));
    await waitFor(() => expect(cards()).toEqual(['Linen Tee']));
    expect(seen.at(-1)).toMatchObject({ category: 'shirts', colour: 'Sand' });
  });

  it('says when a category does not exist', async () => {
    serve();
    await renderRoute('/category/nope');
    expect(await screen.findByRole('heading', { name: 'No such category' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/shop');
  });
});

// One shirt in 8 sizes and 12 colours: a Size list of 8 values, a Colour list of 12.
const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const COLOURS = ['Black', 'White', 'Navy', 'Sand', 'Olive', 'Rust', 'Teal', 'Plum', 'Grey', 'Mint', 'Coral', 'Ivory'];
const manyColours = makeProduct(7, {
  category: categories[0],
  options: [{ name: 'Size', values: SIZES }, { name: 'Colour', values: COLOURS }],
  variants: COLOURS.map((Colour, i) => ({
    _id: `v7-${i}`, sku: `S7${i}`, options: { Size: SIZES[i % SIZES.length], Colour }, quantity: 2,
  })),
});

describe('a long filter list', () => {
  const colours = () => filters().getByRole('group', { name: 'Colour' });
  const shownColours = () => within(colours()).getAllByRole('listitem').map((li) => li.querySelector('span').textContent);
  const openTheList = async (path) => {
    server.use(browseHandler([manyColours, makeProduct(8, { category: categories[1] })]));
    const rendered = await renderRoute(path);
    await screen.findByText(/product\(s\)/);
    return rendered;
  };

  it('shows its first 8 values and a Show all button naming the list', async () => {
    await openTheList('/shop');
    expect(shownColours()).toEqual(COLOURS.slice(0, 8));
    const more = within(colours()).getByRole('button', { name: 'Show all 12' });
    expect(more).toHaveAttribute('type', 'button');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(more.getAttribute('aria-controls'));
    expect(list).toBe(within(colours()).getByRole('list'));
  });

  it('shows the rest from Show all, and its first 8 again from Show fewer', async () => {
    const { user } = await openTheList('/shop');
    await user.click(within(colours()).getByRole('button', { name: 'Show all 12' }));
    expect(shownColours()).toEqual(COLOURS);
    const fewer = within(colours()).getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(fewer).toHaveFocus();
    await user.click(fewer);
    expect(shownColours()).toEqual(COLOURS.slice(0, 8));
    expect(within(colours()).getByRole('button', { name: 'Show all 12' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a chosen value beyond the first 8 shown, ticked, when collapsed', async () => {
    const { user } = await openTheList('/shop?colour=Coral');
    await waitFor(() => expect(shownColours()).toEqual([...COLOURS.slice(0, 8), 'Coral']));
    expect(box('Colour', 'Coral')).toBeChecked();
    await user.click(within(colours()).getByRole('button', { name: 'Show all 12' }));
    await user.click(within(colours()).getByRole('button', { name: 'Show fewer' }));
    expect(shownColours()).toEqual([...COLOURS.slice(0, 8), 'Coral']);
  });

  it('shows first, collapsed, the values that still give products when a filter brings others to 0', async () => {
    const corals = makeProduct(9, {
      category: categories[1],
      options: [{ name: 'Colour', values: ['Coral'] }],
      variants: [{ _id: 'v9-0', sku: 'S90', options: { Colour: 'Coral' }, quantity: 1 }],
    });
    server.use(browseHandler([manyColours, makeProduct(8, { category: categories[1] }), corals]));
    const { user } = await renderRoute('/shop');
    await screen.findByText(/product\(s\)/);
    await user.click(box('Category', 'Jeans'));
    await screen.findByText('2 product(s)');
    // Coral, eleventh of the twelve, is the one colour left: it is not hidden behind Show all.
    expect(shownColours()).toEqual(['Coral']);
    const more = within(colours()).getByRole('button', { name: 'Show all 12' });
    await user.click(more);
    expect(shownColours()).toEqual(COLOURS);
    expect(box('Colour', 'Black')).toBeDisabled();
    expect(box('Colour', 'Coral')).toBeEnabled();
  });

  it('has no button when it has 8 values or fewer', async () => {
    await openTheList('/shop');
    const sizes = filters().getByRole('group', { name: 'Size' });
    expect(within(sizes).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(sizes).queryByRole('button')).toBeNull();
    const category = filters().getByRole('group', { name: 'Category' });
    expect(within(category).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(category).queryByRole('button')).toBeNull();
  });
});

// 30 products: 5 pages of 6 on /shop.
const shelf = Array.from({ length: 30 }, (_, i) => makeProduct(i + 1));
// Where <ScrollRestoration> keeps the position of each history entry when the page is left; the
// entry a test opens first has the key "default".
const SCROLL_POSITIONS = 'react-router-scroll-positions';

describe('coming back to a list', () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * pageOfCards makes the page as tall as the cards drawn (3 a row, 400 px a row) and answers
   * where window.scrollTo left it: like a browser, it stops at the end of what is drawn.
   */
  function pageOfCards() {
    const page = { y: 0 };
    vi.spyOn(window, 'scrollTo').mockImplementation((_x, y) => {
      page.y = Math.min(y, Math.ceil(screen.queryAllByRole('article').length / 3) * 400);
    });
    return page;
  }

  it('comes back, on a reload, to where the shopper was once every loaded page is in', async () => {
    server.use(browseHandler(shelf));
    sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify({ default: 2850 }));
    const page = pageOfCards();
    await renderRoute('/shop?sort=price-asc&page=4');
    await waitFor(() => expect(cards()).toHaveLength(24));
    await waitFor(() => expect(page.y).toBe(2850));
  });

  it('comes back to that place when the list has fewer pages than its address says', async () => {
    // The pages after the first come after the address is put right, as over a network.
    server.use(http.get('*/api/v1/product/browse', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('page') !== '1') await delay(200);
      return HttpResponse.json(browseAnswer(shelf, params));
    }));
    sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify({ default: 2850 }));
    const page = pageOfCards();
    const { router } = await renderRoute('/shop?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=5'));
    await waitFor(() => expect(cards()).toHaveLength(30));
    await waitFor(() => expect(page.y).toBe(2850));
  });

  /**
   * pagesOnHold answers the first page of /shop at once and the others only once the returned
   * release() is called, as a slow network would.
   */
  function pagesOnHold() {
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    server.use(http.get('*/api/v1/product/browse', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('page') !== '1') await held;
      return HttpResponse.json(browseAnswer(shelf, params));
    }));
    return release;
  }

  /**
   * reloadAndDo reloads /shop?page=4 (the shopper was at 2850), does `what` while only the first
   * page is in, lets the others come and answers whether the list then scrolled.
   */
  async function reloadAndDo(what) {
    const release = pagesOnHold();
    sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify({ default: 2850 }));
    pageOfCards();
    const { user, unmount } = await renderRoute('/shop?page=4');
    await waitFor(() => expect(cards()).toHaveLength(6));
    await what(user);
    const scrolls = window.scrollTo.mock.calls.length;
    release();
    await waitFor(() => expect(cards()).toHaveLength(24));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const scrolled = window.scrollTo.mock.calls.slice(scrolls);
    unmount();
    vi.restoreAllMocks();
    return scrolled;
  }

  /** scrollBarTo puts the window at y as the scroll bar dragged does, and tells of it. */
  const scrollBarTo = (y) => act(() => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
    window.dispatchEvent(new Event('scroll'));
  });

  it('gives up coming back once the shopper scrolls while the pages load, as browsers do', async () => {
    const ways = {
      wheel: () => act(() => window.dispatchEvent(new WheelEvent('wheel', { deltaY: -400 }))),
      finger: () => act(() => window.dispatchEvent(new Event('touchmove'))),
      PageUp: (user) => user.keyboard('{PageUp}'),
      Home: (user) => user.keyboard('{Home}'),
      ArrowUp: (user) => user.keyboard('{ArrowUp}'),
      Space: (user) => user.keyboard(' '),
      'scroll bar': () => scrollBarTo(300),
    };
    for (const [way, what] of Object.entries(ways)) {
      expect({ way, scrolled: await reloadAndDo(what) }).toEqual({ way, scrolled: [] });
    }
  });

  it('still comes back after keys typed in a field and the scrolls of the coming back itself', async () => {
    const ways = {
      'a price typed': async (user) => {
        await user.click(screen.getByRole('spinbutton', { name: 'Min price' }));
        await user.keyboard('{ArrowUp}{Home} 5');
      },
      'its own scroll': () => scrollBarTo(0),
    };
    for (const [way, what] of Object.entries(ways)) {
      expect({ way, scrolled: await reloadAndDo(what) }).toEqual({ way, scrolled: [[0, 2850]] });
    }
  });

  it('keeps its place on a filter change and on Load more, and a new list starts at the top', async () => {
    server.use(browseHandler(shelf));
    sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify({ default: 2850 }));
    const page = pageOfCards();
    const { user, router } = await renderRoute('/shop?page=4');
    await waitFor(() => expect(page.y).toBe(2850));
    const scrolls = window.scrollTo.mock.calls.length;
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(router.state.location.search).toBe('?inStock=true&page=2');
    expect(window.scrollTo).toHaveBeenCalledTimes(scrolls);
    // Another list, from a link: the router's start, the top, and no other entry's place.
    await router.navigate('/category/shirts?page=3');
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(page.y).toBe(0);
  });
});
