// The shop's business constants in one place: page sizes, counts, lengths, statuses, roles.

/**
 * Page sizes of the admin lists. The shop list's page size is the server's. A dashboard list
 * shows its pager only when it holds more than one page.
 */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_PRODUCTS_PAGE_SIZE = 6;
export const ADMIN_ORDERS_PAGE_SIZE = 3;
/** The shopper's orders come 10 a page. */
export const USER_ORDERS_PAGE_SIZE = 10;

/** Products shown under "Similar Products" on a product page. */
export const RELATED_COUNT = 3;

/** Home: banners advance every 5000 ms; 3 banners, 3 featured items, 3 category tiles. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const FEATURED_COUNT = 3;
export const CATEGORY_TILE_COUNT = 3;

/** Seconds the guards count down before they redirect. */
export const COUNTDOWN_SECONDS = 3;

/** Description previews: on product cards, cart lines and order lists. */
export const CARD_PREVIEW = 60;
export const CART_PREVIEW = 50;
export const ORDER_PREVIEW = 30;

/** Card payment form lengths after normalising (digits only). */
export const CARD_NUMBER_LENGTH = 16;
export const CARD_EXPIRY_LENGTH = 4;
export const CARD_CVV_LENGTH = 3;

/** The five order statuses in their default list order; an admin may pick any at any time. */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

/**
 * A shopper may cancel an order until it ships, once: an order cancelled and refunded before
 * (and set back to an earlier status by an admin) has nothing left to refund.
 */
export const CANCELLABLE_STATUSES = ORDER_STATUSES.slice(0, 2);
export const canCancel = (order) => CANCELLABLE_STATUSES.includes(order?.status) && !order?.refundedAt;

/** The payment column of every order list, whatever the order holds. */
export const PAYMENT_TEXT = 'Success';

/** Role 1 is the administrator; every other role is a shopper. */
export const ADMIN_ROLE = 1;
export const isAdmin = (user) => user?.role === ADMIN_ROLE;

/**
 * A product page says "Only N left" when the chosen size (or a product without sizes) has this
 * many or fewer in stock, and some.
 */
export const LOW_STOCK = 3;

/** The server answers a search with at most this many products (DESIGN): more may match. */
export const SEARCH_RESULTS_MAX = 100;

// Checkout takes at most this many cart lines at once (the API's MaxCartLines): Pay says so
// before it is pressed, rather than failing silently as SPEC's payment failures do.
export const CART_LINES_MAX = 100;

/** Products a page of the shop list holds (the server's product-list page) and of a category. */
export const SHOP_PAGE_SIZE = 6;
export const CATEGORY_PAGE_SIZE = 48;

/** A filter list shows this many values (and any chosen beyond them) until Show all opens it. */
export const FACET_VALUES_SHOWN = 8;

/**
 * The filters of a product list, named alike in its address and in the browse call: those that
 * pick values from a list (comma-joined), the price bounds, and in-stock only (true or absent).
 */
export const LIST_FILTERS = ['category', 'size', 'colour'];
export const PRICE_FILTERS = ['minPrice', 'maxPrice'];
export const IN_STOCK_FILTER = 'inStock';
// A keyword, as the search box takes it: /shop?q=shirt lists every match, page by page, where
// search answers the first 100.
export const KEYWORD_FILTER = 'q';
export const KEYWORD_MAX = 100;
export const FILTERS = [...LIST_FILTERS, ...PRICE_FILTERS, IN_STOCK_FILTER, KEYWORD_FILTER];
