// A slow phone spends over a second downloading the storefront's scripts before they can ask
// for anything. public/first-call.js, a small plain script index.html loads first (not inline:
// the Content-Security-Policy allows scripts of the shop's origin only), starts the first call
// of the page meanwhile: the home's product list, or the shop's first page when the address
// carries no filters. Once the list is in, it preloads the first product's photo in the copy
// its card will pick (the same srcset and sizes), so the largest thing on a phone's first
// screen is there when the card is drawn. Here the call to that address is answered from the
// early answer, once, through the same interceptors as any other answer; a later call (a
// refetch, Try again) asks the server, and a failed or refused early call is asked again.
import axios from 'axios';

const network = axios.getAdapter(axios.defaults.adapter);

/** firstCallAdapter answers `url` from the early call when it is that call's address; else null. */
export function firstCallAdapter(url) {
  const early = window.firstCall;
  if (!early || early.url !== url) return null;
  delete window.firstCall;
  return (config) =>
    early.answer.then(
      ({ status, body }) =>
        status >= 200 && status < 300
          ? { data: body, status, statusText: 'OK', headers: {}, config, request: null }
          : network(config),
      () => network(config),
    );
}
