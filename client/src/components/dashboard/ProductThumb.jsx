import { useState } from 'react';
import { photoUrl } from '../../api/client';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150" viewBox="0 0 200 150">' +
      '<rect width="200" height="150" fill="#f0f0f0"/>' +
      '<text x="100" y="80" font-family="sans-serif" font-size="14" fill="#999" text-anchor="middle">No photo</text>' +
      '</svg>',
  );

/** ProductThumb shows a product's photo, lazily loaded, with a placeholder when it has none. */
export default function ProductThumb({ product, height }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? PLACEHOLDER : photoUrl(product)}
      alt={product.name}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ height, width: '100%', objectFit: 'cover' }}
    />
  );
}
