/** The element the survey's last tap shows before React renders (reveal-built-step.ts). */
export const SUBMIT_OVERLAY_ID = 'submit-overlay';

/**
 * The overlay of the lead's submit (§4), always on the page and hidden until the last step is answered
 * (issue 10: the last tap only unhides it, in its own frame). The status region stays in the page, so a
 * screen reader hears the message the moment it shows.
 */
export function LoadingOverlay({ text, shown }: { text: string; shown: boolean }) {
  return (
    <div role="status" aria-live="assertive">
      <div className="overlay" id={SUBMIT_OVERLAY_ID} hidden={!shown} data-testid="loading-overlay">
        <div className="overlay__spinner" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}
