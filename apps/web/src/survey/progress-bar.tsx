import { PERCENT_MARK } from './pane-classes';

/** §2 progress bar, a native <progress> so the server's HTML shows its value without an inline style. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress">
      <div className="progress__label">
        {/* Issue 33: the capture script may move the percentage while React hydrates (a tap during the
            hydration): its text is then the script's, kept, and React's next render of it writes its own. */}
        <strong {...{ [PERCENT_MARK]: '' }} suppressHydrationWarning>
          {percent}%
        </strong>{' '}
        {label}
      </div>
      <progress className="progress__bar" value={percent} max={100} aria-label={label} />
    </div>
  );
}
