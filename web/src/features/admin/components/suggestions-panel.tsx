import { useQuery } from '@tanstack/react-query';
import { Lightbulb } from 'lucide-react';
import { Spinner } from '@/components/spinner';
import { suggestionsQuery } from '../api/analysis';
import { TitledSection } from '@/components/titled-section';

type SuggestionsPanelProps = {
  /** Pros and cons are offered only when the editor shows them (a broker quote exists). */
  showProsAndCons: boolean;
  recommendationLabel: string;
  onRecommendation: (text: string) => void;
  onPro: (text: string) => void;
  onCon: (text: string) => void;
};

/** Spec section 2: canned recommendations, and pros and cons from earlier analyses (GET /analysis-suggestions). */
export function SuggestionsPanel({ showProsAndCons, recommendationLabel, onRecommendation, onPro, onCon }: SuggestionsPanelProps) {
  const suggestions = useQuery(suggestionsQuery());
  return (
    <TitledSection
      id="suggestions-title"
      level={3}
      title={
        <>
          <Lightbulb aria-hidden="true" className="size-5 text-blue-800" />
          Suggestions
        </>
      }
      className="rounded-xl border border-blue-200 bg-blue-50 p-4"
      headingClassName="flex items-center gap-2 font-bold text-slate-900"
    >
      {suggestions.isPending && <Spinner label="Loading suggestions…" />}
      {suggestions.isError && <p className="mt-2 text-sm text-slate-700">Suggestions are not available right now.</p>}
      {suggestions.data && (
        <div className="mt-2 space-y-4">
          <SuggestionList title={recommendationLabel} verb="Use" items={suggestions.data.recommendations} onPick={onRecommendation} />
          {showProsAndCons && <SuggestionList title="Pros" verb="Add pro" items={suggestions.data.pros} onPick={onPro} />}
          {showProsAndCons && <SuggestionList title="Cons" verb="Add con" items={suggestions.data.cons} onPick={onCon} />}
        </div>
      )}
    </TitledSection>
  );
}

function SuggestionList({ title, verb, items, onPick }: { title: string; verb: string; items: string[]; onPick: (text: string) => void }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-1">
        {items.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              aria-label={`${verb}: ${text}`}
              className="w-full rounded-lg border border-blue-200 bg-white px-3 py-2 text-left text-sm text-slate-800 hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
