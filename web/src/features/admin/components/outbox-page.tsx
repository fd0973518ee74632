import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/card';
import { TitledPage } from '@/components/page';
import { formatDate } from '@/lib/format';
import { outboxQuery } from '../api/outbox';
import { withLinks } from '../broker-display';
import { QueryList } from './query-list';

/** /admin/outbox: mail kept instead of sent while no SMTP server is configured. */
export function OutboxPage() {
  const outbox = useQuery(outboxQuery());
  return (
    <TitledPage heading="Outbox" intro="With no mail server configured (QG_SMTP_URL), every e-mail the site would send is kept here instead." width="wide">
      <QueryList query={outbox} loading="Loading the outbox…" empty="The outbox is empty.">
        {(messages) => (
          <ul className="space-y-4">
            {messages.map((message) => (
              <Card as="li" shadow="sm" key={message.id}>
                <article aria-labelledby={`outbox-${message.id}`}>
                  <h2 id={`outbox-${message.id}`} className="font-bold text-slate-900">
                    {message.subject}
                  </h2>
                  <p className="text-sm text-slate-700">
                    To {message.to} · {formatDate(message.created_at)}
                  </p>
                  <details className="mt-2">
                    {/* Each disclosure says whose message it shows: a list of "Show the message" names nothing. */}
                    <summary className="cursor-pointer font-semibold text-blue-800">
                      Show the message<span className="sr-only">: {message.subject}, to {message.to}</span>
                    </summary>
                    <pre className="mt-2 font-sans text-sm whitespace-pre-wrap text-slate-800">{withLinks(message.text)}</pre>
                  </details>
                </article>
              </Card>
            ))}
          </ul>
        )}
      </QueryList>
    </TitledPage>
  );
}
