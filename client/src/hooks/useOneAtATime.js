// useOneAtATime keeps an admin's writes to one at a time: it returns once(write), which runs
// write() unless another write it started is still under way, and then does nothing. A double
// click so sends one request (the second would be refused: "already exists", "not found").
// A failed write is not thrown again: the query cache has already told the admin.
import { useRef } from 'react';

export default function useOneAtATime() {
  // Set at once, where a mutation's isPending reaches the button only with the next render.
  const underWay = useRef(false);
  return async (write) => {
    if (underWay.current) return;
    underWay.current = true;
    try {
      await write();
    } catch {
      // told by the query cache
    } finally {
      underWay.current = false;
    }
  };
}
