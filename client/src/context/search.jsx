// Search state shared app-wide: useSearch() returns [values, setValues] with
// values = {keyword, results}. Not persisted.
import { createContext, useContext, useState } from 'react';

const SearchContext = createContext([{ keyword: '', results: [] }, () => {}]);

export function SearchProvider({ children }) {
  const state = useState({ keyword: '', results: [] });
  return <SearchContext.Provider value={state}>{children}</SearchContext.Provider>;
}

export const useSearch = () => useContext(SearchContext);
