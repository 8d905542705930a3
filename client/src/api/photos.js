// Addresses of product photos on the API host. The server answers a photo as uploaded, or a
// JPEG copy PHOTO_WIDTHS wide with `?w=`; the browser picks a copy from srcset and sizes.
import { API_URL } from './client';

export const PHOTO_WIDTHS = [320, 640, 1024];

/**
 * photoUrl is the address of a product's photo (`width` picks a resized copy). Photos are
 * cached for a day under their URL, so the photo's version goes along (the product's
 * updatedAt when it has none): a replaced photo gets a new URL and shows at once, and a sale,
 * which moves only updatedAt, leaves the cached photo where it is.
 */
export function photoUrl(product, width) {
  const params = new URLSearchParams();
  if (width) params.set('w', String(width));
  const version = product.photoVersion || product.updatedAt;
  if (version) params.set('v', version);
  const query = params.toString();
  return `${API_URL}/api/v1/product/product-photo/${product._id}${query ? `?${query}` : ''}`;
}

/**
 * mayHavePhoto tells whether a product's photo is worth asking for: not when the API says it
 * has none (`hasPhoto: false`), which would only answer 404. A product without the field (an
 * order's copy of it) is asked, and shows a placeholder if that fails.
 */
export const mayHavePhoto = (product) => Boolean(product?._id) && product.hasPhoto !== false;

/** photoSrcSet lists every resized copy of a product's photo with its width, for srcset. */
export const photoSrcSet = (product) =>
  PHOTO_WIDTHS.map((w) => `${photoUrl(product, w)} ${w}w`).join(', ');
