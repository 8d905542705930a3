// Header search form: typing updates the shared keyword; submitting stores the results and
// opens /search. Failures are silent (logged only); empty keywords are submitted too. While a
// search runs, its button is busy (disabled, keeping its name), so a slow answer shows; it stays
// busy until /search is on screen, whose code may still be on its way, and a search submitted
// meanwhile (Enter) is ignored.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSearch } from '../../context/search';
import { searchQuery } from '../../api/products';
import { SEARCH } from '../../paths';

export default function SearchInput({ id }) {
  const [values, setValues] = useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const searching = useRef(false);

  const onSubmit = async (event) => {
    event.preventDefault();
    if (searching.current) return;
    searching.current = true;
    setBusy(true);
    try {
      const results = await queryClient.fetchQuery({ ...searchQuery(values.keyword), staleTime: 0 });
      setValues((v) => ({ ...v, results }));
      await navigate(SEARCH);
    } catch {
      // Logged by the query cache; a failed search changes nothing on screen.
    } finally {
      searching.current = false;
      setBusy(false);
    }
  };

  return (
    <form role="search" id={id} className="site-search" onSubmit={onSubmit}>
      <input
        type="search"
        className="text-input site-search__input"
        aria-label="Search"
        placeholder="Search"
        style={{ width: 300, height: 40 }}
        value={values.keyword}
        onChange={(e) => setValues((v) => ({ ...v, keyword: e.target.value }))}
      />
      <button type="submit" className="btn" style={{ height: 40 }} disabled={busy} aria-busy={busy}>
        Search
      </button>
    </form>
  );
}
