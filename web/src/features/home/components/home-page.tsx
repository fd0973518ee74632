import { ClipboardCheck, Clock, HandCoins, Search, ShieldCheck, TrendingDown, UserRoundX, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { useContactModal } from '@/components/contact-modal-context';
import { SiteTitle, useHydrated, useSite } from '@/lib/site';
import { SampleQuoteCard } from './sample-quote-card';
import { TitledSection } from '@/components/titled-section';

const tools: { title: string; text: string; to: string; action: string; icon: LucideIcon }[] = [
  {
    title: 'Quote Review',
    text: 'Already have a rate quote? A licensed loan officer grades it A to F and shows you what a better deal looks like.',
    to: '/check-my-rate',
    action: 'Review my quote',
    icon: ClipboardCheck,
  },
  {
    title: 'Shop Rates',
    text: "Still shopping? Tell us about your loan and we'll send rate estimates from a local partner lender.",
    to: '/quote-start',
    action: 'Shop rates',
    icon: Search,
  },
  {
    title: 'Refi Buddy',
    text: 'Already own your home? Refi Buddy watches the market and lets you know when refinancing makes sense.',
    to: '/should-i-refinance',
    action: 'Meet Refi Buddy',
    icon: TrendingDown,
  },
];

const reasons: { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Always free', text: 'No fees, no catch. Grading your quote costs you nothing.', icon: HandCoins },
  {
    title: 'No credit check',
    text: 'No Social Security number, no credit pull. A Loan Estimate you upload is read to fill in the form for you, kept with your request for as long as we keep the request, and seen only by our brokerage.',
    icon: UserRoundX,
  },
  {
    title: 'A licensed loan officer',
    text: 'A licensed loan officer reviews every quote and names themselves, with their NMLS ID, on the analysis. Any instant estimate you see first is a calculation from market averages, and says so.',
    icon: ShieldCheck,
  },
  { title: 'Fast', text: 'Detailed results within 24 hours, usually much sooner.', icon: Clock },
];

export function HomePage() {
  const openContactModal = useContactModal();

  return (
    <>
      <SiteTitle page="Could you get a better deal on your mortgage?" brandFirst />
      <section className="bg-gradient-to-b from-blue-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="font-semibold text-blue-800">Free mortgage quote grading for Utah</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Could you get a better deal on your mortgage?
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">
              Get your rate quote graded by a licensed mortgage expert. Detailed results within 24 hours. No Social
              Security number, no credit check.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/check-my-rate" size="lg">
                Compare My Quote
              </ButtonLink>
              <ButtonLink to="/is-my-quote-good" size="lg" variant="secondary">
                How It Works
              </ButtonLink>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <SampleQuoteCard />
          </div>
        </div>
      </section>

      <TitledSection id="tools-title" title="Three free tools" className="mx-auto max-w-6xl px-4 py-14 sm:px-6" headingClassName="text-2xl font-bold text-slate-900 sm:text-3xl">
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {tools.map(({ title, text, to, action, icon: Icon }) => (
            <Card as="li" padding={6} shadow="sm" key={title} className="flex flex-col">
              <Icon aria-hidden="true" className="size-8 text-blue-700" />
              <h3 className="mt-3 text-xl font-bold text-slate-900">{title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{text}</p>
              <Link
                to={to}
                className="mt-4 self-start rounded-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {action}
                <span className="sr-only"> ({title})</span>
              </Link>
            </Card>
          ))}
        </ul>
      </TitledSection>

      <section aria-labelledby="trust-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="trust-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Why trust us?
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map(({ title, text, icon: Icon }) => (
              <li key={title}>
                <Icon aria-hidden="true" className="size-7 text-green-700" />
                <h3 className="mt-2 font-bold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Testimonials />

      <section aria-labelledby="cta-title" className="bg-blue-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6">
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            Find out if your quote is a good deal
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-50">
            It takes about two minutes. Detailed results within 24 hours, with no Social Security number or credit check.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/check-my-rate" size="lg" variant="secondary">
              Compare My Quote
            </ButtonLink>
            <Button
              size="lg"
              variant="inverse"
              onClick={() => openContactModal({ mode: 'question' })}
            >
              Speak to a Mortgage Expert
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * Clients' own words from the site file; none are shown when it has none
 * (the demonstration site has none). Shown once the page is hydrated: the
 * prerendered page has no placeholder for a list.
 */
function Testimonials() {
  const site = useSite();
  const hydrated = useHydrated();
  const testimonials = hydrated ? (site?.testimonials ?? []) : [];
  if (testimonials.length === 0) return null;
  return (
    <TitledSection id="testimonials-title" title="What our clients say" className="mx-auto max-w-6xl px-4 py-14 sm:px-6" headingClassName="text-2xl font-bold text-slate-900 sm:text-3xl">
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <Card as="li" padding={6} key={`${testimonial.name} ${testimonial.quote}`}>
            <figure>
              <blockquote className="text-slate-800">“{testimonial.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-slate-900">
                {testimonial.name} <span className="font-normal text-slate-600">· {testimonial.town}</span>
              </figcaption>
            </figure>
          </Card>
        ))}
      </ul>
    </TitledSection>
  );
}
