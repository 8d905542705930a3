// The shared page frame: a skip link, the header, the content area (min-height 70vh), the
// footer and the toast block. Usage: <Layout title="Shop">…</Layout>; the title becomes the
// document title.
import Header from './header/Header';
import Footer from './Footer';
import { BRAND } from '../texts';

export default function Layout({ title = BRAND, children }) {
  return (
    <>
      <title>{title}</title>
      <a href="#main" className="skip-link">Skip to content</a>
      <Header />
      <main id="main" tabIndex={-1} className="page-content" style={{ minHeight: '70vh' }}>
        {children}
      </main>
      <Footer />
    </>
  );
}
