import { Row, Col } from 'antd';
import Layout from '../Layout';

/** DashboardShell places a dashboard page beside its menu inside the shared layout. */
export default function DashboardShell({ title, menu, children }) {
  return (
    <Layout title={title}>
      <Row gutter={[24, 24]} style={{ padding: 24 }}>
        <Col xs={24} md={6}>
          {menu}
        </Col>
        <Col xs={24} md={18}>
          {children}
        </Col>
      </Row>
    </Layout>
  );
}
