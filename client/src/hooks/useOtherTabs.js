// useOtherTabs calls `follow` whenever another tab of the shop saves the localStorage entry
// `key` (or clears the storage): the cart and the session hold in every open tab at once.
// `follow` must keep its identity (useCallback).
import { useEffect } from 'react';

export default function useOtherTabs(key, follow) {
  useEffect(() => {
    const listener = (event) => {
      if (event.storageArea === localStorage && (event.key === key || event.key === null)) follow();
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, [key, follow]);
}
