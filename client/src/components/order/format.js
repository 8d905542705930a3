// How an order's page words its details: who changed a status and the card paid with.

const BY = { buyer: 'by you', admin: 'by the shop', shop: 'by the shop' };

/** changedBy says who made a change of the order's history. */
export const changedBy = (by) => BY[by] ?? '';

const capitalise = (text) => (text ? text[0].toUpperCase() + text.slice(1) : '');

/** cardText is the card paid with, e.g. "Visa ending in 4242", as far as the gateway told it. */
export function cardText({ brand, last4 } = {}) {
  if (!last4) return capitalise(brand);
  return `${capitalise(brand) || 'Card'} ending in ${last4}`;
}

/** providerText is the payment provider's name, e.g. "Stripe". */
export const providerText = (provider) => capitalise(provider);
