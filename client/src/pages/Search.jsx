// /search: the results of the last header search, read from the shared search state. The
// server sends at most SEARCH_RESULTS_MAX products, so a search that gets as many says they
// are the first matches only ("Found 100 product(s)" alone would read as all there are) and
// leads to the shop's list of every match, page by page.
import { Link } from 'react-router-dom';
import Layout from '../components/Layout';
import ProductGrid from '../components/product/ProductGrid';
import { useSearch } from '../context/search';
import { KEYWORD_FILTER, SEARCH_RESULTS_MAX } from '../rules';
import { SHOP } from '../paths';
import { firstMatchesText, foundText, NO_PRODUCTS } from '../texts';

export default function Search() {
  const [values] = useSearch();
  const { keyword, results } = values;
  return (
    <Layout title="Search results">
      <h1 className="page-title">Search Results</h1>
      <p className="result-count" aria-live="polite" aria-atomic="true">{results.length < 1 ? NO_PRODUCTS : foundText(results.length)}</p>
      {results.length >= SEARCH_RESULTS_MAX && (
        <p className="result-note">
          {firstMatchesText(results.length)}{' '}
          <Link to={`${SHOP}?${new URLSearchParams({ [KEYWORD_FILTER]: keyword })}`} className="tap-link">See them all in the shop</Link>
        </p>
      )}
      <ProductGrid products={results} label="Search results" />
    </Layout>
  );
}
