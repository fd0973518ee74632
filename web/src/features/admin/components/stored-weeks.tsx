import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatRate } from '@/lib/format';
import { storedWeeksQuery, useRemoveMarketWeek, type StoredMarketWeek } from '../api/market-weeks';
import { AdminTable, QueryList } from './query-list';

/**
 * The weeks the server stores, newest first: the newest good ones and every wrong one (dated
 * after today or before its series began, issue 24), so a broker sees a wrong week and removes it.
 */
export function StoredWeeks() {
  const weeks = useQuery({ ...storedWeeksQuery(), select: (stored) => stored.weeks });
  const remove = useRemoveMarketWeek();
  const [asked, setAsked] = useState<string | null>(null);
  const wrong = weeks.data?.filter((week) => week.problem).length ?? 0;
  return (
    <Card shadow="sm" aria-labelledby="stored-weeks-title">
      <h2 id="stored-weeks-title" className="text-lg font-bold text-slate-900">
        Stored weeks
      </h2>
      <p className="mt-1 mb-4 text-slate-700">
        The newest weeks the instant grade and Refi Buddy can use, and every stored week that cannot be the survey's.
        {wrong > 0 && <strong className="text-red-800"> {wrong === 1 ? 'One week is wrong' : `${wrong} weeks are wrong`}: remove it and import the right figures.</strong>}
      </p>
      <QueryList query={weeks} loading="Loading the stored weeks…" empty="No weeks are stored yet: the figures bundled with the server are used.">
        {(rows) => (
          <AdminTable columns={['Week', '30-year', '15-year', 'Source', 'Check', '']}>
            {rows.map((week) => (
              <WeekRow key={week.week} week={week} onRemove={() => setAsked(week.week)} />
            ))}
          </AdminTable>
        )}
      </QueryList>
      {remove.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {remove.error.message}
        </p>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={`Remove the week of ${asked ?? ''}?`}
        confirmLabel="Remove this week"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) remove.mutate(asked);
          setAsked(null);
        }}
      >
        <p>Both series' figures of this week are deleted. The newest remaining week becomes the market rate at once.</p>
      </ConfirmDialog>
    </Card>
  );
}

function WeekRow({ week, onRemove }: { week: StoredMarketWeek; onRemove: () => void }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="py-2 pr-4 font-medium whitespace-nowrap text-slate-900">{week.week}</td>
      <td className="py-2 pr-4">{week.rate30 === undefined ? '–' : formatRate(week.rate30)}</td>
      <td className="py-2 pr-4">{week.rate15 === undefined ? '–' : formatRate(week.rate15)}</td>
      <td className="py-2 pr-4">{week.source}</td>
      <td className={week.problem ? 'py-2 pr-4 font-medium text-red-800' : 'py-2 pr-4 text-green-800'}>{week.problem ? `Wrong: ${week.problem}` : 'OK'}</td>
      <td className="py-2">
        <Button variant={week.problem ? 'danger' : 'secondary'} onClick={onRemove}>
          Remove <span className="sr-only">the week of {week.week}</span>
        </Button>
      </td>
    </tr>
  );
}
