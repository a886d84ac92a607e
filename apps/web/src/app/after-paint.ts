/**
 * Runs `run` once the next frame is painted (issue 10): work a tap causes but the visitor does not see —
 * a history entry, a chunk's request, a tag — never delays the frame that shows the next step.
 * Returns a function that cancels it if it has not run yet.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Resolves once the frame being built is painted (issue 33, INP: work after a tap that the tap's own frame
 * need not wait for), or after `atMostMs` if no frame comes (a hidden tab paints none).
 */
export function afterThisFrame(atMostMs = 100): Promise<void> {
  return new Promise((resolve) => {
    afterPaint(resolve);
    setTimeout(resolve, atMostMs);
  });
}
