import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { ADMIN_PRODUCT } from '../../paths';
import ProductThumb from './ProductThumb';

/** AdminProductCard is one product of the admin's list; its name links to its edit page. */
export default function AdminProductCard({ product }) {
  return (
    <Card cover={<ProductThumb product={product} height={200} />}>
      <Card.Meta
        title={<Link to={ADMIN_PRODUCT(product.slug)}>{product.name}</Link>}
        description={product.description}
      />
    </Card>
  );
}
