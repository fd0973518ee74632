import { TitledPage } from '@/components/page';
import { useSite } from '@/lib/site';
import { LegalSection } from './legal-section';

/**
 * What the site collects, why, how long it is kept and who hears of it. Each
 * sentence says what the product does (docs/compliance.md): change the page
 * when the product changes.
 */
export function PrivacyPage() {
  const site = useSite();
  const company = site?.brokerageName ?? 'The brokerage';
  return (
    <TitledPage heading="Privacy" intro={`How ${company} handles what you tell this site.`} width="narrow">
      <LegalSection id="privacy-collect" title="What we collect">
        <p>
          The figures you enter about a home and a loan: price, down payment, credit score range, ZIP code, and a lender's
          quote if you have one. A Loan Estimate you upload carries your name and address; a loan officer reads it to
          grade your quote.
        </p>
        <p>
          Your name, e-mail address or phone number only when you choose to give them: to get your results by e-mail,
          to ask a question, or to sign up for Refi Buddy's alerts. When you give a phone number you tick a box agreeing
          to calls and texts about your request; we keep the words you agreed to, when, and the address your request
          came from.
        </p>
        <p>
          Your browser keeps your answers on your own device, so a form you leave is still filled when you come back.
          Our server's logs record connections for security; they do not record your e-mail address or phone number.
        </p>
      </LegalSection>

      <LegalSection id="privacy-use" title="Why">
        <p>
          To grade your quote or estimate your rates, to answer you the way you asked, and to send the alerts you
          confirmed. We never sell your information and do not use it for advertising.
        </p>
      </LegalSection>

      <LegalSection id="privacy-share" title="Who hears of you">
        <p>
          Nobody outside {company} is sent your name, e-mail address or phone number by this site. To price your
          scenario a loan officer may enter its figures, without your name or contact details, in a partner lender's
          pricing system. The question "would you be open to hearing their offer?" records your answer; a partner
          lender's offer reaches you through our loan officer, and your details go to a lender only when you apply
          for a loan with it.
        </p>
        <p>E-mails are delivered by our mail provider, and uploads are stored with our storage provider, on our behalf.</p>
      </LegalSection>

      <LegalSection id="privacy-keep" title="How long we keep it">
        <p>
          An upload that never becomes part of a request is removed after 24 hours. Your request, its analysis and your
          messages are kept so you can come back to your results. Refi Buddy stops e-mailing you the moment you
          unsubscribe.
        </p>
        <p id="privacy-delete">
          You can delete them yourself: &ldquo;Delete my request&rdquo; on your results page removes your request, its
          analysis, your questions about it and its uploads, and &ldquo;Delete my data&rdquo; on Refi Buddy&rsquo;s manage
          page (the link in every alert) removes your Refi Buddy request and its alerts. Or write to us and we delete them
          for you. A request held for a legal reason is kept until the hold ends, and copies of the e-mails we sent are
          kept for our records until the retention period ends.
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Questions">
        <p>
          Write to {site ? <a className="text-blue-800 underline" href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> : 'us'}
          {site ? ` or ${site.brokerageName}, ${site.postalAddress}` : ''}.
        </p>
      </LegalSection>
    </TitledPage>
  );
}
