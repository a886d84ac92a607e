/**
 * The privacy policy (with its #california-resident section), the terms of use and the sponsors page
 * (spec §2 "Other pages"; issue 12): texts kept as Markdown files (site/content/), rendered to HTML on the
 * server (site/legal-content.ts). The browser keeps the server's HTML as it is (app/load-page.ts).
 */
import { SITE_PATHS, type LegalDocument } from '@app/funnel';
import { SiteLayout } from '../site/site-layout';
import type { SitePageProps } from '../site/site-page-props';

export interface LegalPageProps extends SitePageProps {
  document: LegalDocument;
  /** The document's HTML, from its Markdown file. */
  html: string;
}

const PATHS: Record<LegalDocument, string> = {
  'privacy-policy': SITE_PATHS.privacyPolicy,
  'terms-of-use': SITE_PATHS.termsOfUse,
  sponsors: SITE_PATHS.sponsors,
};

export default function LegalPage(props: LegalPageProps) {
  const { document, html } = props;
  return (
    <SiteLayout {...props} name={document} switchPath={PATHS[document]}>
      <article className="legal" data-legal-content="" dangerouslySetInnerHTML={{ __html: html }} />
    </SiteLayout>
  );
}
