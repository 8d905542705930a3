import { useState } from 'react';
import { mayHavePhoto, photoSrcSet, photoUrl } from '../../api/photos';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150" viewBox="0 0 200 150">' +
      '<rect width="200" height="150" fill="#f0f0f0"/>' +
      '<text x="100" y="80" font-family="sans-serif" font-size="14" fill="#595959" text-anchor="middle">No photo</text>' +
      '</svg>',
  );

/**
 * ProductThumb shows a product's photo whole in a box `height` pixels high, lazily loaded, in
 * the smallest copy that fills it, with a placeholder when it has none: at once when the
 * product says so, without asking for it.
 */
export default function ProductThumb({ product, height }) {
  const [failed, setFailed] = useState(false);
  const real = !failed && mayHavePhoto(product);
  return (
    <img
      src={real ? photoUrl(product) : PLACEHOLDER}
      srcSet={real ? photoSrcSet(product) : undefined}
      sizes="(max-width: 599px) 100vw, 320px"
      alt={product.name}
      loading="lazy"
      onError={() => setFailed(true)}
      className="thumb"
      style={{ height, width: '100%', objectFit: 'contain' }}
    />
  );
}
