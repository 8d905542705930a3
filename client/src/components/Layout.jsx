// The shared page frame: a skip link, the header, the content area (min-height 70vh), the
// footer and the toast block. Usage: <Layout title="Shop">…</Layout>; the title becomes the
// document title.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import Header from './header/Header';
import Footer from './Footer';
import { BRAND } from '../texts';

/**
 * useFocusOnNewPage moves focus to the content of a page the shopper went to, as loading a page
 * would: a screen reader starts reading it, and Tab goes on from its top rather than from
 * wherever the old page left focus (often nowhere: the link or button that led here is gone).
 * The first page of a visit (its location key is "default") keeps the browser's own start, and
 * changes of the query alone (filters, sort, Load more) leave focus where it is: only a new
 * pathname moves it. The pathname a visit landed on is remembered as this layout mounts, since
 * the key of the first change of its query is no longer "default" and must not count as a page.
 */
function useFocusOnNewPage() {
  const main = useRef(null);
  const { pathname, key } = useLocation();
  const landedOn = useRef(key === 'default' ? pathname : null);
  useEffect(() => {
    if (pathname === landedOn.current) return;
    landedOn.current = null;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

export default function Layout({ title = BRAND, children }) {
  const main = useFocusOnNewPage();
  return (
    <>
      <title>{title}</title>
      <a href="#main" className="skip-link">Skip to content</a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="page-content" style={{ minHeight: '70vh' }}>
        {children}
      </main>
      <Footer />
    </>
  );
}
