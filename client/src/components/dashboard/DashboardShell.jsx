import { ConfigProvider, Row, Col } from 'antd';
import Layout from '../Layout';
import { FONT_FAMILY } from '../../fonts';

// The dashboards' antd parts take the storefront's colour and its one typeface, with text and
// danger colours dark enough to read (WCAG AA contrast) on white.
const theme = {
  token: {
    colorPrimary: '#1f3b57', borderRadius: 6, fontFamily: FONT_FAMILY,
    colorError: '#b42318', colorTextDescription: 'rgba(0, 0, 0, 0.66)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

/** DashboardShell places a dashboard page beside its menu inside the shared layout. */
export default function DashboardShell({ title, menu, children }) {
  return (
    <ConfigProvider theme={theme}>
      <Layout title={title}>
        <Row gutter={[24, 24]} className="dashboard">
          <Col xs={24} md={6}>
            {menu}
          </Col>
          <Col xs={24} md={18} className="dashboard__content">
            {children}
          </Col>
        </Row>
      </Layout>
    </ConfigProvider>
  );
}
