/**
 * §2 "a stepped style with an active step" (issue 13): on a flow that asks for it, the steps in order,
 * the ones done marked, the current one active (aria-current), under the percentage bar.
 */
export function SteppedProgress({ steps, current }: { steps: readonly string[]; current: string }) {
  const index = steps.indexOf(current);
  return (
    <ol className="progress-steps" data-testid="progress-steps">
      {steps.map((id, i) => (
        <li
          key={id}
          className={`progress-steps__step${i < index ? ' progress-steps__step--done' : ''}${i === index ? ' progress-steps__step--active' : ''}`}
          aria-current={i === index ? 'step' : undefined}
          data-step-marker={id}
        >
          {i + 1}
        </li>
      ))}
    </ol>
  );
}
