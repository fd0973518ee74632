import { EqualHousingLogo } from '@/components/equal-housing-logo';
import { TitledPage } from '@/components/page';
import { consumerAccessUrl, nmlsText, useHydrated, useSite } from '@/lib/site';
import { LegalSection } from './legal-section';

/** The brokerage's licences, with its NMLS Consumer Access entry (NMLS display rules, Utah). */
export function LicensingPage() {
  const site = useSite();
  const hydrated = useHydrated();
  // The list has no placeholder in the prerendered page: it appears once hydrated.
  const licences = hydrated ? (site?.stateLicences ?? []) : [];
  return (
    <TitledPage heading="Licensing" intro="Who stands behind this site, and where to check their licences." width="narrow">
      {site && (
        <>
          <LegalSection id="licensing-company" title="The brokerage">
            <p>
              {site.brand} is a service of <strong>{site.brokerageName}</strong>, a licensed mortgage broker, not a
              lender. {nmlsText(site.brokerageNmls)}.
            </p>
            <p>{site.postalAddress}</p>
            <p>
              Check our licences on{' '}
              <a className="text-blue-800 underline" href={consumerAccessUrl(site.brokerageNmls)}>
                NMLS Consumer Access
              </a>
              .
            </p>
          </LegalSection>
          <LegalSection id="licensing-states" title="State licences">
            {licences.length > 0 ? (
              <ul className="list-disc pl-6">
                {licences.map((l) => (
                  <li key={`${l.state} ${l.licence}`}>
                    {l.state}: licence {l.licence}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Every state licence we hold is listed on our NMLS Consumer Access entry.</p>
            )}
          </LegalSection>
          <LegalSection id="licensing-lenders" title="Loan officers and lenders">
            <p>
              Every analysis names the licensed loan officer who reviewed it. Partner lenders make the loans; each is named
              with its own NMLS ID where its quotes are shown.
            </p>
          </LegalSection>
          <LegalSection id="licensing-fair" title="Equal Housing Opportunity">
            <div className="flex items-start gap-3">
              <EqualHousingLogo className="size-12 shrink-0 text-slate-900" />
              <p>
                We do business in accordance with the Fair Housing Act and the Equal Credit Opportunity Act. We do not
                discriminate on the basis of race, colour, religion, national origin, sex, handicap, familial status,
                marital status, age, or receipt of public assistance.
              </p>
            </div>
          </LegalSection>
        </>
      )}
    </TitledPage>
  );
}
