import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { ADMIN_PRODUCT } from '../../paths';
import ProductThumb from './ProductThumb';

/** AdminProductCard is one product of the admin's list: its photo and name link to its edit page. */
export default function AdminProductCard({ product }) {
  return (
    <Card>
      <Link to={ADMIN_PRODUCT(product.slug)} aria-label={product.name} className="admin-product">
        <ProductThumb product={product} height={200} />
        <span className="admin-product__name">{product.name}</span>
      </Link>
      <p className="admin-product__text">{product.description}</p>
    </Card>
  );
}
