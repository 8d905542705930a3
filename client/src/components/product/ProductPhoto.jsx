// A product's photo from the API, shown whole (contain on a neutral frame of a fixed aspect
// ratio, so nothing shifts as it loads), in the width the layout needs (srcset and sizes),
// and replaced by a placeholder when it fails (no photo, or the server cannot answer), or at
// once when the product says it has none.
// `eager` photos (the first row of a grid, the product page) load at once and are drawn in the
// same frame as the page around them; the rest load lazily and are decoded off the main thread.
import { useState } from 'react';
import { mayHavePhoto, photoSrcSet, photoUrl } from '../../api/photos';

export const PLACEHOLDER = '/placeholder.svg';

/**
 * The width a photo takes in a grid card: the card is the screen's width less its margins on
 * phones, a column of the grid above. The frame is 4:3 and the shop's photos are square, so a
 * photo takes the frame's height, three quarters of its width: a 390 px phone needs the 320 px
 * copy, not the 640 px one (a wider photo would show a little softer).
 */
export const GRID_SIZES = '(max-width: 599px) calc((100vw - 32px) * 0.75), (max-width: 1023px) 34vw, 225px';

export default function ProductPhoto({ product, eager = false, sizes = GRID_SIZES, className = '' }) {
  const [failed, setFailed] = useState(false);
  const real = !failed && mayHavePhoto(product);
  return (
    <div className={`photo-frame ${className}`}>
      <img
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding={eager ? undefined : 'async'}
        src={real ? photoUrl(product) : PLACEHOLDER}
        srcSet={real ? photoSrcSet(product) : undefined}
        sizes={real ? sizes : undefined}
        alt={product?.name ?? 'Product'}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
