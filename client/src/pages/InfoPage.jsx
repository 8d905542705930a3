// /about, /contact and /policy: one page driven by `page`.
import Layout from '../components/Layout';
import About from '../components/info/About';
import Contact from '../components/info/Contact';
import Policy from '../components/info/Policy';

const pages = {
  about: { title: 'About us', Body: About },
  contact: { title: 'Contact us', Body: Contact },
  policy: { title: 'Privacy Policy', Body: Policy },
};

export default function InfoPage({ page }) {
  const { title, Body } = pages[page] ?? pages.about;
  return (
    <Layout title={title}>
      <section className="info-page">
        <img src={`/banner-${page === 'contact' ? 2 : page === 'policy' ? 3 : 1}.svg`} alt="" className="info-page__banner" />
        <h1 className="page-title">{title}</h1>
        <Body />
      </section>
    </Layout>
  );
}
