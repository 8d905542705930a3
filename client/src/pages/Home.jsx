// Home: the banner carousel, 3 featured items and 3 category tiles.
import Layout from '../components/Layout';
import BannerCarousel from '../components/home/BannerCarousel';
import FeaturedItems from '../components/home/FeaturedItems';
import CategoryTiles from '../components/home/CategoryTiles';
import { BRAND } from '../texts';

export default function Home() {
  return (
    <Layout title={`${BRAND} - Best offers`}>
      <h1 className="visually-hidden">{BRAND}</h1>
      <BannerCarousel />
      <FeaturedItems />
      <CategoryTiles />
    </Layout>
  );
}
