import { CheckCircle2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { LiveMessage } from '@/components/live-message';
import { TitledPage } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { useFocusOnChange } from '@/lib/announce';
import { ApiError, serverMessage } from '@/lib/api-client';
import { formatDate, formatRate } from '@/lib/format';
import { useApplyMarketData, usePreviewMarketData, type MarketDataPreview } from '../api/market-data';
import { Facts } from './facts';
import { StoredWeeks } from './stored-weeks';

/** The server refuses more (rates.MaxImportBytes); the browser says so before sending. */
const MAX_BYTES = 2 * 1024 * 1024;

const week = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/**
 * /admin/market-data (issue 15): a broker refreshes the market figures from Freddie Mac's PMMS
 * history or a FRED CSV export. The file is checked and previewed first (nothing stored), then
 * applied at once: the instant grade and Refi Buddy use it from the next request.
 */
export function MarketDataPage() {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = usePreviewMarketData();
  const apply = useApplyMarketData();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    preview.reset();
    apply.reset();
    setFile(null);
    setTooLarge(false);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text);
  };

  const failure = apply.error ?? preview.error;
  // Focus follows each step (decision 0012): the preview's heading, said with what it found; then
  // the applied message (the Apply button goes), a status region that says itself.
  const previewTitle = useRef<HTMLHeadingElement>(null);
  const applied = useRef<HTMLDivElement>(null);
  useFocusOnChange(
    preview.data,
    previewTitle,
    preview.data && file ? `Preview of ${file.name}: ${preview.data.weeks} weeks found. Nothing is stored until you apply.` : null,
  );
  useFocusOnChange(apply.data, applied);
  return (
    <TitledPage heading="Market data" intro="The instant grade and Refi Buddy compare with Freddie Mac's weekly survey. Upload a newer history here when the figures are old; it is checked and shown before anything is stored." width="wide">
      <div className="space-y-6">
        <Card shadow="sm" aria-labelledby="market-file-title">
          <h2 id="market-file-title" className="text-lg font-bold text-slate-900">
            Upload a file
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            <li>
              Freddie Mac's PMMS history CSV (freddiemac.com/pmms: columns week, pmms30, pmms15, and others).
            </li>
            <li>
              A FRED CSV export of MORTGAGE30US and/or MORTGAGE15US (fred.stlouisfed.org, Download, CSV: columns observation_date or
              DATE, then the series).
            </li>
          </ul>
          <label htmlFor={inputId} className="mt-4 block font-semibold text-slate-900">
            Market data file (CSV, up to 2 MB)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={choose}
            className="mt-2 block w-full text-slate-800 file:mr-4 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
          />
        </Card>

        {preview.isPending && <Spinner label="Checking the file…" />}
        <LiveMessage tone="error">
          {tooLarge ? 'The file is larger than 2 MB. Nothing was imported.' : failure && <Refusal error={failure} />}
        </LiveMessage>
        <LiveMessage ref={applied} tone="status">
          {apply.data && (
            <span className="flex gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-950">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>
                Applied: {apply.data.weeks} weeks from {file?.name} are stored
                {apply.data.latest30 && (
                  <>
                    ; the instant grade and Refi Buddy now use the 30-year {formatRate(apply.data.latest30.rate)} of the week of{' '}
                    {week(apply.data.latest30.week)}
                  </>
                )}
                . <Link to="/admin" className="font-semibold text-green-900 underline">Back to the dashboard</Link>
              </span>
            </span>
          )}
        </LiveMessage>

        {preview.data && file && (
          <Card shadow="sm" aria-labelledby="market-preview-title">
            <h2 ref={previewTitle} id="market-preview-title" className="text-lg font-bold text-slate-900">
              Preview of {file.name}
            </h2>
            <PreviewFacts preview={preview.data} />
            {!apply.data && (
              <div className="mt-6 flex flex-wrap items-center gap-3">
                <Button onClick={() => apply.mutate(file.text)} disabled={apply.isPending}>
                  <Upload aria-hidden="true" className="size-4" />
                  {apply.isPending ? 'Applying…' : 'Apply these figures'}
                </Button>
                <span className="text-sm text-slate-700">Nothing is stored until you apply.</span>
              </div>
            )}
          </Card>
        )}

        <StoredWeeks />
      </div>
    </TitledPage>
  );
}

/** The server's refusal, with each wrong line it names, in line order. */
function Refusal({ error }: { error: Error }) {
  const lines = error instanceof ApiError ? Object.entries(error.fields) : [];
  const lineNumber = (key: string) => Number(key.replace(/^line /, '')) || 0;
  lines.sort(([a], [b]) => lineNumber(a) - lineNumber(b));
  return (
    <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950">
      <p className="font-semibold">{serverMessage(error) ?? 'The file could not be checked. Please try again.'}</p>
      {lines.length > 0 && (
        <ul aria-label="Problems by line" className="mt-2 list-disc space-y-1 pl-5">
          {lines.map(([key, message]) => (
            <li key={key}>
              <span className="font-semibold">{key.replace(/^line/, 'Line')}:</span> {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PreviewFacts({ preview }: { preview: MarketDataPreview }) {
  const facts: [string, string][] = [
    ['File', preview.format],
    ['Weeks found', String(preview.weeks)],
    ['First week', week(preview.firstWeek)],
    ['Last week', week(preview.lastWeek)],
    ['Latest 30-year', preview.latest30 ? `${formatRate(preview.latest30.rate)} (week of ${week(preview.latest30.week)})` : 'none in the file'],
    ['Latest 15-year', preview.latest15 ? `${formatRate(preview.latest15.rate)} (week of ${week(preview.latest15.week)})` : 'none in the file'],
    ['New weeks', String(preview.newWeeks)],
    ['Changed weeks', String(preview.changedWeeks)],
    ['Unchanged weeks', String(preview.unchangedWeeks)],
  ];
  return (
    <>
      <div className="mt-4">
        <Facts items={facts} />
      </div>
      <h3 className="mt-6 font-bold text-slate-900">Missing weeks</h3>
      {preview.gaps.length === 0 ? (
        <p className="text-slate-700">None: every series has a figure for every week from its first to its last.</p>
      ) : (
        <>
          <p className="text-slate-700">
            {preview.missingWeeks} {preview.missingWeeks === 1 ? 'week has' : 'weeks have'} no figure; the weeks around them are imported as they are.
          </p>
          <ul aria-label="Missing weeks" className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {preview.gaps.map((gap) => (
              <li key={`${gap.series}-${gap.from}`}>
                {gap.series}-year:{' '}
                {gap.weeks === 1 ? `the week of ${week(gap.from)}` : `${gap.weeks} weeks, ${week(gap.from)} to ${week(gap.to)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
