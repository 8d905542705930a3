// useCategories loads the category list once per mount; failures are silent (logged only).
import { useEffect, useState } from 'react';
import { getCategories } from '../api/categories';

export default function useCategories() {
  const [categories, setCategories] = useState([]);
  useEffect(() => {
    let live = true;
    getCategories()
      .then((list) => live && setCategories(list))
      .catch((error) => console.log(error));
    return () => {
      live = false;
    };
  }, []);
  return categories;
}
