/** The button that ends a form step; on the survey's last step it submits, with the consent text under it. */
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
  consentText: string;
}) {
  return (
    <>
      <button className={`button${final ? ' button--submit' : ''}`} type="submit" disabled={busy}>
        {final ? catalog.ui.submit : catalog.ui.continue}
      </button>
      {final && (
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
