// useCategories loads the category list once per mount. The storefront's failures are silent
// (logged only, SPEC §8); the admin forms pass onError to show their toast.
import { useEffect, useRef, useState } from 'react';
import { getCategories } from '../api/categories';

export default function useCategories(onError = (error) => console.log(error)) {
  const [categories, setCategories] = useState([]);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    let live = true;
    getCategories()
      .then((list) => live && setCategories(list))
      .catch((error) => live && report.current(error));
    return () => {
      live = false;
    };
  }, []);
  return categories;
}
