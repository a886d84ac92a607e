/**
 * The brand's logo (spec §1 "logo variants v1 to v5"; brands.json presentation.logo): a mark in the header's
 * text colour beside the brand's name. The mark is the brand's style sheet's (server-render/logo-marks.ts), a
 * CSS mask on an empty element, so a survey page's first chunk carries no drawing (issue 28). Decorative: the
 * name beside it is the accessible text.
 */
import type { Brand } from '../brand/brand';

export function BrandLogo({ brand }: { brand: Brand }) {
  return (
    <span className="brand-logo" data-logo={brand.presentation.logo}>
      <span className="brand-logo__mark" aria-hidden="true" />
      <span className="brand-logo__name">{brand.name}</span>
    </span>
  );
}
