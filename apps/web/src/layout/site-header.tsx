/**
 * The header of every page (spec §2 "header 70 px tall … A header invites a call instead of the form";
 * issue 12, issue 28): the brand's logo (a link home on the pages around the survey; on a survey it keeps
 * the visitor where they are), the language switch where the page has one, and the call button with the
 * visit's call number (brand/call-number.ts). Rendered by the server, so it is in the first paint; on a
 * survey it is the same on every step: not rendered again when the step changes.
 */
import { formatUsPhone, formatUsPhoneE164, type Language } from '@app/funnel';
import { memo, type MouseEvent } from 'react';
import type { Brand } from '../brand/brand';
import { BrandLogo } from './brand-logo';

export interface LanguageSwitch {
  href: string;
  /** The other language's name, in that language. */
  label: string;
  lang: Language;
  /** A survey's switch carries the visit's query (routes/language-switch.ts) when tapped. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

interface SiteHeaderProps {
  brand: Brand;
  /** The visit's call number (ten digits); none: no call button (§2 the opt-out form's simple logo header). */
  phone: string | null;
  callText: string;
  /** Where the logo leads (the landing page); none on a survey. */
  homeHref?: string;
  languageSwitch?: LanguageSwitch | null;
}

export const SiteHeader = memo(function SiteHeader({
  brand,
  phone,
  callText,
  homeHref,
  languageSwitch,
}: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {homeHref === undefined ? (
          <span className="site-header__home">
            <BrandLogo brand={brand} />
          </span>
        ) : (
          <a className="site-header__home" href={homeHref}>
            <BrandLogo brand={brand} />
          </a>
        )}
        <div className="site-header__tools">
          {languageSwitch && (
            <a
              className="site-header__language"
              href={languageSwitch.href}
              hrefLang={languageSwitch.lang}
              lang={languageSwitch.lang}
              onClick={languageSwitch.onClick}
            >
              {languageSwitch.label}
            </a>
          )}
          {phone !== null && (
            <a className="site-header__call" href={`tel:${formatUsPhoneE164(phone)}`} data-call-number={phone}>
              <span className="site-header__call-text">{callText} </span>
              <strong>{formatUsPhone(phone)}</strong>
            </a>
          )}
        </div>
      </div>
    </header>
  );
});
