// A product's photo from the API, shown whole (contain on a neutral frame of a fixed aspect
// ratio, so nothing shifts as it loads), in the width the layout needs (srcset and sizes),
// and replaced by a placeholder when it fails (no photo, or the server cannot answer).
// `eager` photos (the first row of a grid, the product page) load at once, the rest lazily.
import { useState } from 'react';
import { photoSrcSet, photoUrl } from '../../api/photos';

export const PLACEHOLDER = '/placeholder.svg';

/** Layout widths of a photo: a full-width card on phones, a column of the grid above. */
export const GRID_SIZES = '(max-width: 599px) calc(100vw - 32px), (max-width: 1023px) 45vw, 300px';

export default function ProductPhoto({ product, eager = false, sizes = GRID_SIZES, className = '' }) {
  const [failed, setFailed] = useState(false);
  const real = !failed && Boolean(product?._id);
  return (
    <div className={`photo-frame ${className}`}>
      <img
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        src={real ? photoUrl(product) : PLACEHOLDER}
        srcSet={real ? photoSrcSet(product) : undefined}
        sizes={real ? sizes : undefined}
        alt={product?.name ?? 'Product'}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
