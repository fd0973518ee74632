import { Link } from 'react-router';
import { EqualHousingLogo } from '@/components/equal-housing-logo';
import { consumerAccessUrl, nmlsText, phoneHref, useSite } from '@/lib/site';
import { TitledSection } from '@/components/titled-section';

const quickLinks = [
  { to: '/is-my-quote-good', label: 'Is My Quote Good?' },
  { to: '/quote-start', label: 'Check Rates Now' },
  { to: '/should-i-refinance', label: 'Should I Refinance?' },
];

const legalLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/licensing', label: 'Licensing' },
  { to: '/terms', label: 'Terms' },
];

const footerLink = 'rounded-sm text-slate-100 underline underline-offset-2 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

/** One of the footer's lists of links to the site's pages. */
function FooterLinks({ links, className }: { links: { to: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={footerLink}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The footer names the operator from the site file (GET /api/site); its contact lines wait for it rather than show placeholders. */
export function Footer() {
  const site = useSite();
  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <TitledSection id="footer-about" title={<>About {site?.brand ?? 'us'}</>} headingClassName="text-lg font-bold text-white">
          <p className="mt-2 text-sm">
            {site ? `${site.brand} is a free service of ${site.brokerageName}, a licensed mortgage broker` : 'A free service of a licensed mortgage broker'}{' '}
            for Utah home buyers and homeowners. A licensed loan officer reviews every quote and scenario by hand, so you
            know whether your rate is a good deal before you sign.
          </p>
        </TitledSection>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <FooterLinks links={quickLinks} className="mt-2 space-y-2 text-sm" />
        </nav>

        <TitledSection id="footer-contact" title="Contact Us" headingClassName="text-lg font-bold text-white">
          {site && (
            <ul className="mt-2 space-y-2 text-sm">
              <li>
                Email:{' '}
                <a href={`mailto:${site.contactEmail}`} className={footerLink}>
                  {site.contactEmail}
                </a>
              </li>
              <li>
                Text or call:{' '}
                <a href={phoneHref(site.contactPhone)} className={footerLink}>
                  {site.contactPhone}
                </a>
              </li>
              <li>
                Buying in {site.sisterSite.state}?{' '}
                <a href={site.sisterSite.url} className={footerLink}>
                  Visit our {site.sisterSite.state} site
                </a>
              </li>
            </ul>
          )}
        </TitledSection>
      </div>

      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-6 text-xs leading-relaxed sm:px-6">
          <p>
            <strong className="text-white">Disclaimer:</strong> {site?.brand ?? 'This site'} is free to use. Quotes and analyses come from
            our licensed mortgage brokerage team. We are not a lender and do not make loans.
          </p>
          <p>
            <strong className="text-white">Rate quotes:</strong> all rates, fees and payments shown are estimates based on
            the information you provide and market conditions on the date shown. They are not a loan offer or a commitment
            to lend.
          </p>
          <p>
            <strong className="text-white">Not financial advice:</strong> our grades and recommendations are for information
            only. Talk to a licensed professional about your own situation before you decide.
          </p>
          <p>
            <strong className="text-white">Privacy:</strong> we never sell your information. We use an email address or
            phone number you choose to give us only to answer you; your name and contact details reach a lender only
            when you apply for a loan with it. Our{' '}
            <Link to="/privacy" className={footerLink}>
              privacy page
            </Link>{' '}
            says what we keep and for how long.
          </p>
          {site && (
            <div className="flex items-start gap-3" data-testid="footer-licensing">
              <EqualHousingLogo className="size-10 shrink-0 text-white" />
              <div>
                <p>
                  <strong className="text-white">{site.brokerageName}</strong> · {nmlsText(site.brokerageNmls)} (
                  <a href={consumerAccessUrl(site.brokerageNmls)} className={footerLink}>
                    NMLS Consumer Access
                  </a>
                  )
                </p>
                <p>{site.postalAddress}</p>
                <p>Equal Housing Opportunity. We are a mortgage broker, not a lender.</p>
              </div>
            </div>
          )}
          <nav aria-label="Legal">
            <FooterLinks links={legalLinks} className="flex flex-wrap gap-x-4 gap-y-1" />
          </nav>
          {site?.demonstration && (
            <p className="rounded-md border border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950" data-testid="demonstration-notice">
              <strong>This is a demonstration site.</strong> The brokerage, licence numbers, contact details and partner lenders shown
              are examples, not a real brokerage's.
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
