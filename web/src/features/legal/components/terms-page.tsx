import { TitledPage } from '@/components/page';
import { useSite } from '@/lib/site';
import { LegalSection } from './legal-section';

/** The terms of using the site: what its grades and estimates are, and are not. */
export function TermsPage() {
  const site = useSite();
  const company = site?.brokerageName ?? 'The brokerage';
  return (
    <TitledPage heading="Terms" intro="The terms of using this site." width="narrow">
      <LegalSection id="terms-service" title="The service">
        <p>
          {site?.brand ?? 'This site'} is a free service of {company}, a licensed mortgage broker. We are not a lender
          and do not make loans. Using the site costs you nothing and does not oblige you to take any loan.
        </p>
      </LegalSection>
      <LegalSection id="terms-estimates" title="Grades, rates and estimates">
        <p>
          Rates, APRs, fees and payments shown are estimates from the figures you give and market conditions on the date
          shown. They are not an offer to lend, a commitment or a rate lock; a lender's Loan Estimate is the offer. Market
          survey figures are averages, not offers. Grades are a loan officer's opinion, for information; they are not
          financial, tax or legal advice.
        </p>
      </LegalSection>
      <LegalSection id="terms-contact" title="Calls and texts">
        <p>
          We call or text you only when you ask us to and tick the consent box; consent is not a condition of any
          service. Reply STOP to any text to opt out.
        </p>
      </LegalSection>
      <LegalSection id="terms-questions" title="Questions">
        <p>
          Write to {site ? <a className="text-blue-800 underline" href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> : 'us'}.
        </p>
      </LegalSection>
    </TitledPage>
  );
}
