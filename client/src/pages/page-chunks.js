// The code-split pages asked for before the shopper opens them. Add to Cart opens the cart: its
// code is asked for once a product page is idle (ProductDetails), so on a slow phone the cart
// comes at once rather than leaving the product page on screen, inviting a second tap.
// The route table (routes.jsx) loads the same module, which the browser then has.
export const loadCartPage = () => import('./CartPage');
