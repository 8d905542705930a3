// /search: the results of the last header search, read from the shared search state.
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import { useSearch } from '../context/search';
import { foundText, NO_PRODUCTS } from '../texts';

export default function Search() {
  const [values] = useSearch();
  const { results } = values;
  return (
    <Layout title="Search results">
      <h1 className="page-title">Search Results</h1>
      <p className="result-count" role="status">{results.length < 1 ? NO_PRODUCTS : foundText(results.length)}</p>
      <ProductGrid products={results} label="Search results" />
    </Layout>
  );
}
