// A product's photo from the API, lazy-loaded, replaced by a placeholder when it fails
// (no photo, or the server cannot answer).
import { useState } from 'react';
import { photoUrl } from '../../api/client';

export const PLACEHOLDER = '/placeholder.svg';

export default function ProductPhoto({ product, height, className = '' }) {
  const [failed, setFailed] = useState(false);
  const src = failed || !product?._id ? PLACEHOLDER : photoUrl(product);
  return (
    <img
      loading="lazy"
      className={`product-photo ${className}`}
      src={src}
      alt={product?.name ?? 'Product'}
      style={height ? { height, objectFit: 'cover', width: '100%' } : undefined}
      onError={() => setFailed(true)}
    />
  );
}
