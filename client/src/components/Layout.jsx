// The shared page frame of SPEC §2: header, content area (min-height 70vh), footer and the
// toast block. Usage: <Layout title="Shop">…</Layout>; the title becomes the document title.
import { Toaster } from 'react-hot-toast';
import Header from './header/Header';
import Footer from './Footer';
import { BRAND } from '../texts';

export default function Layout({ title = BRAND, children }) {
  return (
    <>
      <title>{title}</title>
      <Header />
      <main className="page-content" style={{ minHeight: '70vh' }}>
        {children}
      </main>
      <Footer />
      <Toaster position="top-center" />
    </>
  );
}
