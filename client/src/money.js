// How amounts are shown: the currency's sign before the plain number ("₹499.5").
// In the default currency (inr) the storefront, cart and shopper's orders show the rupee sign
// and the admin's orders page the dollar sign, as the shop always has; for any other currency
// the server reports, every page shows that currency's own sign.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, shopConfigQuery } from './api/config';

export const RUPEE = '₹';
export const DOLLAR = '$';

/** currencySign is the short sign of an ISO currency code ("eur" -> "€"), or the code itself. */
export function currencySign(code) {
  try {
    const format = new Intl.NumberFormat('en', {
      style: 'currency', currency: code.toUpperCase(), currencyDisplay: 'narrowSymbol',
    });
    return format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** signFor is the sign a page shows: `place` is 'admin-orders' on the admin's orders page. */
export function signFor(currency, place) {
  if (currency === DEFAULT_CURRENCY) return place === 'admin-orders' ? DOLLAR : RUPEE;
  return currencySign(currency);
}

/** formatMoney is an amount prefixed with its sign; the number is shown as the API gives it. */
export const formatMoney = (amount, sign) => `${sign}${Number(amount ?? 0)}`;

/** cartTotal is the plain sum of the prices (SPEC), added in paise so no rounding error creeps in. */
export const cartTotal = (cart) =>
  cart.reduce((sum, p) => sum + Math.round(Number(p.price || 0) * 100), 0) / 100;

/** useMoney returns money(amount) in the shop's currency, as shown at `place`. */
export function useMoney(place) {
  const { data } = useQuery(shopConfigQuery());
  const sign = signFor(data?.currency ?? DEFAULT_CURRENCY, place);
  return (amount) => formatMoney(amount, sign);
}
