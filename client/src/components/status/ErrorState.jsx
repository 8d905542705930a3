// What a list or a page shows when its data could not be loaded: a short explanation and a
// Try again button that asks the server again. Given the failure (`error`), a call the server
// refused (isRefused: a 4xx answer) shows the server's reason instead, and no Try again: asked
// the same way, the server would refuse it again. `children` (a way back, say) follow the text.
import { errorMessage, isRefused } from '../../api/errors';

const REFUSED = 'The shop could not answer this request.';

export default function ErrorState({ what = 'this page', error, onRetry, children }) {
  const refused = isRefused(error);
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">We could not load {what}.</p>
      <p>{refused ? errorMessage(error, REFUSED) : 'Check your connection, then try again.'}</p>
      {onRetry && !refused && (
        <button type="button" className="btn btn--primary" onClick={() => onRetry()}>
          Try again
        </button>
      )}
      {children}
    </div>
  );
}
