import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { emailCopyQuery } from '../api/email';
import { TitledCard } from '@/components/card';
import { QueryAnswer } from './query-list';

/** Spec section 2: the notice's subject and body, each with a Copy button, for a broker who writes by hand. */
export function EmailCopyBlock({ requestId }: { requestId: string }) {
  const copy = useQuery(emailCopyQuery(requestId));
  return (
    <TitledCard id="email-copy-title" title="Email Copy">
      <QueryAnswer query={copy} loading="Loading the e-mail copy…">
        {(email) => (
          <div className="space-y-4">
            <CopyableText label="Subject" text={email.subject} />
            <CopyableText label="Body" text={email.body} multiline />
          </div>
        )}
      </QueryAnswer>
    </TitledCard>
  );
}

function CopyableText({ label, text, multiline = false }: { label: string; text: string; multiline?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.error('Failed to copy', error);
    }
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{label}</h3>
        <Button variant="secondary" onClick={copyText} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className={`mt-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ${multiline ? 'whitespace-pre-line' : ''}`}>{text}</p>
    </div>
  );
}
