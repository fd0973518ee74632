import { Link } from 'react-router';
import { ButtonLink, linkStyles } from '@/components/button';
import { Card } from '@/components/card';
import { Disclosure } from '@/components/disclosure';
import { TitledPage } from '@/components/page';
import { TitledSection } from '@/components/titled-section';

const steps = [
  { title: 'Enter your quote', text: 'Type in the interest rate, lender fees and mortgage insurance from the quote your lender gave you.' },
  { title: 'Describe your loan', text: 'Answer a few quick questions about the home, the loan and your credit. No name or Social Security number.' },
  { title: 'Get your grade', text: 'A licensed loan officer grades your quote A to F, lists its pros and cons and shows alternative quotes.' },
];

const faqs = [
  {
    question: 'Who is this for?',
    answer: 'Anyone buying a home or refinancing in Utah who has a mortgage quote and wants to know whether it is a good deal before signing.',
  },
  {
    question: 'Do I have to give my name or contact information?',
    answer:
      'No. You can stay anonymous: we only need details about the loan. If you want us to tell you when your results are ready, you can leave an email or phone number, but it is optional.',
  },
  {
    question: 'What does the comparison include?',
    answer:
      "Your rate, lender fees and mortgage insurance compared with today's market, a letter grade from A to F, the pros and cons of your quote, a recommendation, and alternative quotes from a local partner lender with its licence number.",
  },
  {
    question: "What if I don't have a quote yet?",
    answer: "No problem. Tell us about the loan you're shopping for and we'll send rate estimates for your scenario instead.",
  },
  {
    question: 'How long does it take?',
    answer: 'Grading takes less than a day. Most visitors get their results within a few hours, and always within 24 hours.',
  },
];

export function GradeLandingPage() {
  return (
    <TitledPage heading="Grade Your Mortgage Rate Quote" intro="Find out in less than a day whether your mortgage quote is a good deal. Free, with no Social Security number or credit check.">
      <TitledSection id="how-title" title="How it works" headingClassName="text-2xl font-bold text-slate-900">
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <Card as="li" key={step.title}>
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 text-lg font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </Card>
          ))}
        </ol>
        <div className="mt-6 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/check-my-rate" size="lg">
            Get Started Now
          </ButtonLink>
          <Link to="/example-results" className={linkStyles}>
            See an example analysis
          </Link>
        </div>
      </TitledSection>

      <TitledSection id="faq-title" title="Frequently asked questions" className="mt-12" headingClassName="text-2xl font-bold text-slate-900">
        <Card as="div" padding="x5" className="mt-4">
          {faqs.map((faq) => (
            <Disclosure key={faq.question} summary={faq.question}>
              <p>{faq.answer}</p>
            </Disclosure>
          ))}
        </Card>
      </TitledSection>
    </TitledPage>
  );
}
