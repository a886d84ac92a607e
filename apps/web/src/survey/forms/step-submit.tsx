/**
 * The button that ends a form step; on the survey's last step it submits, with the consent text under it.
 * Issue 11: while the step's checks are on their way it says so ("Checking…", aria-busy) in the same
 * readable colours, instead of fading out with no label; it stays focusable.
 */
import type { Catalog } from '../../i18n/catalog';
import { LockIcon } from './lock-icon';

export function StepSubmit({
  final,
  busy,
  catalog,
  consentText,
}: {
  final: boolean;
  busy: boolean;
  catalog: Catalog;
  /** Shown under the last step's button; the other steps have none. */
  consentText?: string;
}) {
  const label = final ? catalog.ui.submit : catalog.ui.continue;
  return (
    <>
      <button
        className={`button${final ? ' button--submit' : ''}${busy ? ' button--busy' : ''}`}
        type="submit"
        aria-busy={busy}
        data-label={label}
      >
        {busy ? catalog.ui.checking : label}
      </button>
      {final && consentText !== undefined && (
        <p className="consent" data-testid="tcpa">
          {consentText}
        </p>
      )}
      {final && (
        <p className="secure">
          <LockIcon /> {catalog.ui.secure}
        </p>
      )}
    </>
  );
}
