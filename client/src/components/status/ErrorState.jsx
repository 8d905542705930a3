// What a list or a page shows when its data could not be loaded: a short explanation and a
// Try again button that asks the server again.
export default function ErrorState({ what = 'this page', onRetry }) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">We could not load {what}.</p>
      <p>Check your connection, then try again.</p>
      {onRetry && (
        <button type="button" className="btn btn--primary" onClick={() => onRetry()}>
          Try again
        </button>
      )}
    </div>
  );
}
