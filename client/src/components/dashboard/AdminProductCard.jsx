import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { ADMIN_PRODUCT } from '../../paths';
import ProductThumb from './ProductThumb';

/** AdminProductCard is one product of the admin's list, linking to its edit page. */
export default function AdminProductCard({ product }) {
  return (
    <Link to={ADMIN_PRODUCT(product.slug)} aria-label={product.name}>
      <Card hoverable cover={<ProductThumb product={product} height={200} />}>
        <Card.Meta title={product.name} description={product.description} />
      </Card>
    </Link>
  );
}
