import { ConfigProvider, Grid, Row, Col } from 'antd';
import Layout from '../Layout';
import { FONT_FAMILY } from '../../fonts';
import useMediaQuery from '../../hooks/useMediaQuery';

// The dashboards' antd parts take the storefront's colour and its one typeface, with text and
// danger colours dark enough to read (WCAG AA contrast) on white. A disabled field's text too,
// on its grey (5:1): some say what cannot be changed, as the profile's email or a product's
// quantity made of its variants' stock, which antd's own grey showed at 1.8:1.
const WIDE = {
  colorPrimary: '#1f3b57', borderRadius: 6, fontFamily: FONT_FAMILY,
  colorError: '#b42318', colorTextDescription: 'rgba(0, 0, 0, 0.66)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorTextDisabled: 'rgba(0, 0, 0, 0.58)',
};
// On phones and touch screens every control (buttons, inputs, selects and their options) is a 44 px tap target
// with 16 px text: a smaller field makes iPhone Safari zoom the page when it is tapped.
const PHONE = { ...WIDE, controlHeight: 44, fontSize: 16 };
// For a person who asks for less motion (prefers-reduced-motion), antd's parts come and go
// without their zoom, fade and slide (a dialog, a dropdown, a toast of antd's).
const themeOf = (token) => ({ moving: { token }, still: { token: { ...token, motion: false } } });
const themes = { wide: themeOf(WIDE), phone: themeOf(PHONE) };

/** DashboardShell places a dashboard page beside its menu inside the shared layout. */
export default function DashboardShell({ title, menu, children }) {
  const screens = Grid.useBreakpoint();
  // Below antd's md breakpoint (768 px), where the menu stacks above the page, as Pager.jsx.
  const narrow = Boolean(screens.xs || (screens.sm && !screens.md));
  // A finger on a tablet or a landscape phone (768 px and up) needs the same 44 px targets.
  const touch = useMediaQuery('(pointer: coarse)');
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider theme={themes[narrow || touch ? 'phone' : 'wide'][still ? 'still' : 'moving']}>
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
