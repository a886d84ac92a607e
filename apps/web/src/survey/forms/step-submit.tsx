/**
 * The button that ends a form step; on the survey's last step it submits, with the consent text under it.
 * Issue 11: while the step's checks are on their way it says so ("Checking…", aria-busy) in the same
 * readable colours, instead of fading out with no label; it stays focusable.
 *
 * Issue 10 "every step transition": the button's press sends the step itself (`onPress`, which prevents the
 * browser's own sending of the form). The browser's form submission — its submit steps and a second event
 * through React — cost a form's tap about 0.6 ms on a desktop, four times that on the bench's phone, before
 * the step's answer even began. Enter in a field still comes here: the browser presses the form's button.
 * The form keeps its own submit handler for a form sent any other way (`requestSubmit`).
 */
import type { MouseEvent } from 'react';
import type { Catalog } from '../../i18n/catalog';
import { LockIcon } from './lock-icon';

export function StepSubmit({
  final,
  busy,
  catalog,
  consentText,
  onPress,
}: {
  final: boolean;
  busy: boolean;
  catalog: Catalog;
  /** Shown under the last step's button; the other steps have none. */
  consentText?: string;
  /** Sends the step; it prevents the press's default (the browser's own submission of the form). */
  onPress: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const label = final ? catalog.ui.submit : catalog.ui.continue;
  return (
    <>
      <button
        className={`button${final ? ' button--submit' : ''}${busy ? ' button--busy' : ''}`}
        type="submit"
        aria-busy={busy}
        data-label={label}
        onClick={onPress}
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
