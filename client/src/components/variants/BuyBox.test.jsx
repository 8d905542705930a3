import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute } from '../../test/render';
import { server, url } from '../../test/server';
import { products } from '../../test/fixtures';
import { tee } from './test-fixtures';
import { wholeText } from '../../test/text';

const serveTee = (product = tee) =>
  server.use(http.get(url('product/get-product/linen-tee'), () => HttpResponse.json({ success: true, product })));
const group = (name) => screen.getByRole('group', { name: new RegExp(`^${name}`) });
const radio = (groupName, value) => within(group(groupName)).getByRole('radio', { name: value });
const savedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]');

describe('Product page option pickers', () => {
  it('shows a labelled radio group per option, sizes as buttons and colours as swatches', async () => {
    serveTee();
    await renderRoute('/product/linen-tee');
    expect(await screen.findByRole('heading', { name: 'Linen Tee' })).toBeInTheDocument();
    expect(within(group('Size')).getAllByRole('radio').map((r) => r.value)).toEqual(['S', 'M', 'L']);
    expect(within(group('Colour')).getAllByRole('radio').map((r) => r.value)).toEqual(['Navy', 'Sand']);
    expect(group('Colour').querySelectorAll('.option-value__swatch')).toHaveLength(2);
    expect(group('Size').querySelectorAll('.option-value__swatch')).toHaveLength(0);
    expect(screen.getByText('Price: ₹500')).toBeInTheDocument();
  });

  it('greys out combinations that are sold out or not made', async () => {
    serveTee();
    const { user } = await renderRoute('/product/linen-tee');
    await user.click(await screen.findByRole('radio', { name: 'Navy' }));
    expect(radio('Size', 'L')).toBeDisabled();
    expect(radio('Size', 'L')).toHaveAccessibleDescription('Not available');
    expect(radio('Size', 'S')).toBeEnabled();
    expect(radio('Size', 'S')).not.toHaveAccessibleDescription();
    await user.click(radio('Colour', 'Sand'));
    expect(radio('Size', 'S')).toBeDisabled();
    expect(radio('Size', 'L')).toBeEnabled();
  });

  it('asks for the missing choice instead of adding, and focuses it', async () => {
    serveTee();
    const { user, router } = await renderRoute('/product/linen-tee');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a size and colour');
    expect(radio('Size', 'S')).toHaveFocus();
    await user.click(radio('Size', 'M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a colour');
    expect(router.state.location.pathname).toBe('/product/linen-tee');
    expect(savedCart()).toEqual([]);
  });

  it('asks for an option named like a part of every object until it is chosen', async () => {
    const fit = {
      ...tee,
      options: [{ name: 'toString', values: ['Slim', 'Loose'] }],
      variants: [{ _id: 'v9', sku: 'TEE-SLIM', options: { toString: 'Slim' }, quantity: 3 }],
    };
    serveTee(fit);
    const { user } = await renderRoute('/product/linen-tee');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose');
    expect(savedCart()).toEqual([]);
    await user.click(radio('toString', 'Slim'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(savedCart().map((item) => item.variant?.sku)).toEqual(['TEE-SLIM']));
  });

  it('shows Only N left at 3 or fewer, and the chosen variant\'s price', async () => {
    serveTee();
    const { user } = await renderRoute('/product/linen-tee');
    await user.click(await screen.findByRole('radio', { name: 'M' }));
    await user.click(radio('Colour', 'Navy'));
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await user.click(radio('Colour', 'Sand'));
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
    await user.click(radio('Size', 'L'));
    expect(screen.getByText('Price: ₹650')).toBeInTheDocument();
    expect(group('Size')).toHaveTextContent('Size: L');
  });

  it('shows, before a choice is complete, the lowest price of the sizes still open: never a price no size sells at', async () => {
    // Every size costs more than the product's own price, as the admin set them.
    const blazer = { ...tee, price: 999, variants: tee.variants.map((v, i) => ({ ...v, price: 1499 + 100 * i })) };
    serveTee(blazer);
    const { user } = await renderRoute('/product/linen-tee');
    expect(await screen.findByText('Price: ₹1499')).toBeInTheDocument(); // S Navy, as its card says
    await user.click(radio('Colour', 'Sand'));
    expect(screen.getByText('Price: ₹1699')).toBeInTheDocument(); // M Sand, the cheapest in Sand
    await user.click(radio('Size', 'L'));
    expect(screen.getByText('Price: ₹1899')).toBeInTheDocument();
  });

  it('tells screen readers of the price and the stock as a choice changes them', async () => {
    serveTee();
    const { user } = await renderRoute('/product/linen-tee');
    await user.click(await screen.findByRole('radio', { name: 'M' }));
    await user.click(radio('Colour', 'Navy'));
    const live = (el) => el.closest('[aria-live="polite"]');
    expect(live(screen.getByText(/^Price: /))).not.toBeNull();
    expect(live(screen.getByText('Only 2 left'))).not.toBeNull();
  });

  it('adds the chosen variant inside the whole product, then toasts and opens the cart', async () => {
    serveTee();
    const { user, router } = await renderRoute('/product/linen-tee', { cart: [products[0]] });
    await user.click(await screen.findByRole('radio', { name: 'L' }));
    await user.click(radio('Colour', 'Sand'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Added to cart')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const [, item] = savedCart();
    expect(item).toMatchObject({ _id: tee._id, name: 'Linen Tee', price: 650, options: tee.options });
    expect(item.variant).toEqual({ _id: 'v5', sku: 'TEE-L-Sand', options: { Size: 'L', Colour: 'Sand' } });
    expect(within(screen.getByRole('link', { name: /cart/i })).getByText('2')).toBeInTheDocument();
    expect(await screen.findByText(wholeText('Size: L, Colour: Sand'))).toBeInTheDocument();
  });

  it('says Sold out and cannot add when no variant has stock', async () => {
    serveTee({ ...tee, variants: tee.variants.map((v) => ({ ...v, quantity: 0 })) });
    await renderRoute('/product/linen-tee');
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('says Sold out and cannot add a product without sizes that has none left', async () => {
    const plain = { ...products[2], quantity: 0 };
    server.use(http.get(url('product/get-product/product-3'), () => HttpResponse.json({ success: true, product: plain })));
    await renderRoute('/product/product-3');
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription('Sold out');
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
  });

  /** servePlain answers product-3, a product without sizes, with `quantity` left. */
  const servePlain = (quantity) => server.use(http.get(url('product/get-product/product-3'), () =>
    HttpResponse.json({ success: true, product: { ...products[2], quantity } })));

  it.each([3, 1])('says Only N left of a product without sizes with %i left, as of a size', async (quantity) => {
    servePlain(quantity);
    await renderRoute('/product/product-3');
    expect(await screen.findByText(`Only ${quantity} left`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it.each([4, 10])('says nothing of the stock of a product without sizes with %i left', async (quantity) => {
    servePlain(quantity);
    await renderRoute('/product/product-3');
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
  });

  it('sends a card\'s Add to Cart to the product page to choose', async () => {
    serveTee();
    server.use(http.get(url('product/search/:keyword'), () => HttpResponse.json([tee])));
    const { user, router } = await renderRoute('/about');
    await user.type(screen.getByRole('searchbox'), 'tee{Enter}');
    const card = await screen.findByRole('article', { name: 'Linen Tee' });
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/linen-tee'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size and colour');
    expect(savedCart()).toEqual([]);
    // The first choice to make takes the focus, as the page's own Add to Cart does.
    await waitFor(() => expect(radio('Size', 'S')).toHaveFocus());
    // Back to the page later asks nothing again, and leaves the focus to the page.
    await router.navigate('/about');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Linen Tee' })).not.toBeInTheDocument());
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Linen Tee' })).toBeInTheDocument();
    await new Promise((resolve) => { requestAnimationFrame(resolve); });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(radio('Size', 'S')).not.toHaveFocus();
  });
});
