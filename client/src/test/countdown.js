// The guards' countdown, as it changes: a test that read "3" after rendering and then waited
// for "2" within a moment of the real second failed when a busy machine was late to either.

const COUNTDOWN = /redirecting to you in (\d+) second/;

/**
 * watchCountdown records each number the countdown shows, from before the page is rendered
 * until stop(): `seen` is [3, 2, 1, ...] for a countdown that went through each second.
 */
export function watchCountdown() {
  const seen = [];
  const note = () => {
    const shown = document.body.textContent.match(COUNTDOWN);
    if (shown && seen.at(-1) !== Number(shown[1])) seen.push(Number(shown[1]));
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}
