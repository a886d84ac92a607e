/**
 * §2 "a stepped style with an active step" (issue 13): on a flow that asks for it, the steps in order,
 * the ones done marked, the current one active (aria-current), under the percentage bar.
 */
import { MARKER_ACTIVE, MARKER_DONE } from './pane-classes';

export function SteppedProgress({ steps, current }: { steps: readonly string[]; current: string }) {
  const index = steps.indexOf(current);
  return (
    <ol className="progress-steps" data-testid="progress-steps">
      {steps.map((id, i) => (
        <li
          key={id}
          className={`progress-steps__step${i < index ? ` ${MARKER_DONE}` : ''}${i === index ? ` ${MARKER_ACTIVE}` : ''}`}
          aria-current={i === index ? 'step' : undefined}
          data-step-marker={id}
        >
          {i + 1}
        </li>
      ))}
    </ol>
  );
}
