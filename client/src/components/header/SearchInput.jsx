// Header search form: typing updates the shared keyword; submitting stores the results and
// opens /search. Failures are silent (logged only); empty keywords are submitted too.
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSearch } from '../../context/search';
import { searchProducts } from '../../api/products';
import { SEARCH } from '../../paths';

export default function SearchInput() {
  const [values, setValues] = useSearch();
  const navigate = useNavigate();

  const onSubmit = async (event) => {
    event.preventDefault();
    try {
      const results = await searchProducts(values.keyword);
      setValues((v) => ({ ...v, results }));
      navigate(SEARCH);
    } catch (error) {
      console.log(error);
    }
  };

  return (
    <form role="search" className="site-search" onSubmit={onSubmit}>
      <input
        type="search"
        className="text-input site-search__input"
        aria-label="Search"
        placeholder="Search"
        style={{ width: 300, height: 40 }}
        value={values.keyword}
        onChange={(e) => setValues((v) => ({ ...v, keyword: e.target.value }))}
      />
      <Button htmlType="submit" style={{ height: 40 }}>
        Search
      </Button>
    </form>
  );
}
