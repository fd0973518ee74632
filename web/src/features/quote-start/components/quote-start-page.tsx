import { ChevronRight, FileText, Search } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { BackButton } from '@/components/back-button';
import { linkStyles } from '@/components/button';
import { TitledPage } from '@/components/page';
import { requestIdSlot } from '@/lib/storage-slot';

const choices = [
  { to: '/check-my-rate', title: 'I already have a rate quote', text: "We'll grade it and look for a better deal.", icon: FileText },
  { to: '/loan-information', title: "I'm shopping for a mortgage", text: "Tell us about your loan and we'll send rate estimates.", icon: Search },
];

export function QuoteStartPage() {
  // A visitor who already sent a request goes straight back to its results. The
  // key is read without the schema library (lib/storage-slot): this page has no form.
  const savedRequestId = requestIdSlot.get();
  if (savedRequestId) return <Navigate to={`/rate-results?qr=${encodeURIComponent(savedRequestId)}`} replace />;

  return (
    <TitledPage heading="Let's Get Started" intro="Free, anonymous and reviewed by a licensed loan officer." width="narrow">
      <ul className="space-y-4">
        {choices.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-5 shadow-sm hover:border-blue-700 focus-visible:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <Icon aria-hidden="true" className="size-8 shrink-0 text-blue-700" />
              <span className="flex-1">
                <span className="block text-lg font-bold text-slate-900">{title}</span>
                <span className="block text-slate-700">{text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-6 text-slate-500 group-hover:text-blue-700" />
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">
        Curious what you'll get?{' '}
        <Link to="/example-results" className={linkStyles}>
          See an example analysis
        </Link>
      </p>
      <div className="mt-8">
        <BackButton />
      </div>
    </TitledPage>
  );
}
