// A slow phone spends over a second downloading the storefront's scripts before they can ask
// for anything. Two things answer the page's first calls before then:
// - For the home and the shop the server draws the first screen into the page and puts the
//   answers of the calls that screen makes beside it (a JSON block, #first-answers, by
//   address), so the first render shows exactly what the server drew (see first-screen.js).
// - Otherwise public/first-call.js, a small plain script index.html runs before the others
//   (not inline: the Content-Security-Policy allows scripts of the shop's origin only; deferred,
//   so it holds up nothing drawn), starts the first call of the page meanwhile: the home's product list, or the shop's first page when the
//   address carries no filters. Once the list is in, it preloads the first product's photo in
//   the copy its card will pick (the same srcset and sizes), so the largest thing on a phone's
//   first screen is there when the card is drawn.
// Here a call to one of those addresses is answered from the early answer, once, through the
// same interceptors as any other answer; a later call (a refetch, Try again) asks the server,
// and a failed or refused early call is asked again.
import axios from 'axios';

const network = axios.getAdapter(axios.defaults.adapter);

/** drawnAnswers are the answers the server put beside its first screen, by address; each is taken once. */
let drawnAnswers;

function takeDrawnAnswer(url) {
  if (drawnAnswers === undefined) {
    const block = document.getElementById('first-answers');
    try {
      drawnAnswers = block ? JSON.parse(block.textContent) : {};
    } catch {
      drawnAnswers = {};
    }
  }
  if (!Object.hasOwn(drawnAnswers, url)) return null;
  const body = drawnAnswers[url];
  delete drawnAnswers[url];
  return Promise.resolve({ status: 200, body });
}

function takeEarlyCall(url) {
  const early = window.firstCall;
  if (!early || early.url !== url) return null;
  delete window.firstCall;
  return early.answer;
}

/** forgetDrawnAnswers lets the answers be read again from the page (tests draw several pages). */
export function forgetDrawnAnswers() {
  drawnAnswers = undefined;
}

/** firstCallAdapter answers `url` from an early answer when there is one for it; else null. */
export function firstCallAdapter(url) {
  const answer = takeDrawnAnswer(url) ?? takeEarlyCall(url);
  if (!answer) return null;
  return (config) =>
    answer.then(
      ({ status, body }) =>
        status >= 200 && status < 300
          ? { data: body, status, statusText: 'OK', headers: {}, config, request: null }
          : network(config),
      () => network(config),
    );
}
