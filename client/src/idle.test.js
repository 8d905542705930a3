import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, IDLE_WAIT_MS, whenIdle } from './idle';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for the page\'s load, then for an idle moment', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle = [];
    vi.stubGlobal('requestIdleCallback', vi.fn((callback) => idle.push(callback)));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    whenIdle(task);
    expect(window.requestIdleCallback).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_WAIT_MS });
    expect(task).not.toHaveBeenCalled();
    idle[0]();
    expect(task).toHaveBeenCalledOnce();
  });

  it('pauses a moment where the browser cannot say it is idle, and can be cancelled before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('is cancelled while the page still loads', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const task = vi.fn();
    whenIdle(task)();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(task).not.toHaveBeenCalled();
  });
});
