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
