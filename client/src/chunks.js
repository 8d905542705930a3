// The code-split parts of the shop (pages, the filtered list) are downloaded on first use, and
// a download can fail: a phone between cells, a server restarting, a deploy that replaced the
// file. One failure must not take the shop away, so every dynamic import goes through
// loadChunk: it asks once more after a short pause, and only when that fails too does the page
// fail, with a ChunkLoadError that the error screen explains (pages/ErrorScreen.jsx). Some
// browsers (Chrome) keep a failed module for the life of the page, so the second try cannot
// always help: the error screen's Try again loads the whole page again, which always asks anew.
// Nothing reloads by itself: offline, a reload would put the browser's own error page in place
// of the shop, and it would drop a toast the shopper has not read yet (Payment Completed
// Successfully, just before the orders page's chunk failed).

/** The pause before a chunk that failed to download is asked for once more. */
export const CHUNK_RETRY_MS = 1000;

/** ChunkLoadError is a part of the shop whose code could not be downloaded, twice. */
export class ChunkLoadError extends Error {
  constructor(cause) {
    super(`A part of the shop could not be downloaded: ${cause?.message ?? cause}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * loadChunk runs `load` (() => import('./Page')); when it fails, once more after a pause. It
 * answers the module, or fails with a ChunkLoadError.
 */
export async function loadChunk(load) {
  try {
    return await load();
  } catch {
    await pause(CHUNK_RETRY_MS);
  }
  try {
    return await load();
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}
