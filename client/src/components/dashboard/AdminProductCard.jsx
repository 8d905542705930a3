import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { ADMIN_PRODUCT } from '../../paths';
import ProductThumb from './ProductThumb';
import { useFromProductsList } from './productsListPage';

/**
 * AdminProductCard is one product of the admin's list: its photo and name link to its edit page,
 * which returns to this page of the list.
 */
export default function AdminProductCard({ product }) {
  const fromList = useFromProductsList();
  return (
    <Card>
      <Link to={ADMIN_PRODUCT(product.slug)} state={fromList} aria-label={product.name} className="admin-product">
        <ProductThumb product={product} height={200} />
        <span className="admin-product__name" dir="auto">{product.name}</span>
      </Link>
      <p className="admin-product__text" dir="auto">{product.description}</p>
    </Card>
  );
}
