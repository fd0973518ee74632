import { Link } from 'react-router';
import { nmlsText, phoneHref, useSite } from '@/lib/site';

const quickLinks = [
  { to: '/is-my-quote-good', label: 'Is My Quote Good?' },
  { to: '/quote-start', label: 'Check Rates Now' },
  { to: '/should-i-refinance', label: 'Should I Refinance?' },
];

const footerLink = 'rounded-sm text-slate-100 underline underline-offset-2 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

/** The footer names the operator from the site file (GET /api/site); its contact lines wait for it rather than show placeholders. */
export function Footer() {
  const site = useSite();
  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            About quotegrade
          </h2>
          <p className="mt-2 text-sm">
            quotegrade is a free service for Utah home buyers and homeowners. A licensed mortgage brokerage team reviews
            every quote and scenario by hand, so you know whether your rate is a good deal before you sign.
          </p>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-bold text-white">
            Contact Us
          </h2>
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
        </section>
      </div>

      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-6 text-xs leading-relaxed sm:px-6">
          <p>
            <strong className="text-white">Disclaimer:</strong> quotegrade is free to use. Quotes and analyses come from
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
            <strong className="text-white">Third parties:</strong> we never sell or share your information with third
            parties.
          </p>
          <p>
            <strong className="text-white">Privacy:</strong> you can use quotegrade without giving your name. We only use an
            email address or phone number you choose to give us to tell you about your analysis.
          </p>
          {site && (
            <p>
              {site.brokerageName} · {nmlsText(site.brokerageNmls)}
            </p>
          )}
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
