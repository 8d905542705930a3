// The query cache of the client: every read goes through TanStack Query (cache, loading and
// error from one place), and every failure, read or write, reaches reportError here, so no
// screen writes its own error toast. A query or mutation names its fixed failure text in
// `meta.errorText`; without one its failure is silent (logged only). `meta.shownOnScreen` lists
// the statuses its screen explains itself, without a toast. A write names in
// `meta.rereadOnError` what to read again when it fails (see rereadAfterFailure).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportError } from './errors';

/**
 * SEEN_AS_IT_IS_NOW are the options of a read that others change while it shows (orders, whose
 * status an admin moves on; the users who sign up): asked again each time its screen opens and
 * each time the tab comes back into view, rather than kept for a minute (Cancel order showed
 * on an order shipped meanwhile). Nothing polls: a screen left open in view stays as asked.
 */
export const SEEN_AS_IT_IS_NOW = { staleTime: 0, refetchOnWindowFocus: true };

/**
 * rereadAfterFailure asks the server again for the reads `keys` names (query keys, or a function
 * of the write's variables answering them) after a write failed: a failure is not proof that
 * nothing was written (the server did it and the answer was lost, or another admin's change
 * refused it), so the screen shows what the shop has rather than what it showed before. The
 * write stays under way until those reads are in, its screen then showing the truth.
 */
function rereadAfterFailure(client, keys, variables) {
  const queryKeys = (typeof keys === 'function' ? keys(variables) : keys) ?? [];
  return Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportError(error, query.meta?.errorText, query.meta?.shownOnScreen),
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation, { client }) => {
        reportError(error, mutation.meta?.errorText);
        return rereadAfterFailure(client, mutation.meta?.rereadOnError, variables);
      },
    }),
    defaultOptions: {
      // A failed read shows its error state at once, with Try again; nothing retries behind it.
      // A read is tried while the browser says it is offline too (the default pauses it until
      // the connection returns, behind a spinner that never says why): it fails, and its
      // screen says to check the connection. Reads shown are asked again once it returns
      // (which the library leaves off for reads tried offline unless asked).
      queries: {
        staleTime: 60_000, retry: false, refetchOnWindowFocus: false, networkMode: 'always', refetchOnReconnect: true,
      },
      // A write runs at once and fails when offline (the default pauses it and sends it by
      // itself when the connection returns): Pay comes back, and nothing is charged later
      // without a click.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
