import { MortgageDetailsForm } from '@/components/mortgage-details-form';
import type { CurrentMortgage } from '@/lib/current-mortgage';
import type { RefiBuddyData } from '@/lib/storage';
import { StepFrame } from './step-frame';

type CurrentMortgageStepProps = {
  value: RefiBuddyData['currentMortgage'] | undefined;
  onSubmit: (mortgage: CurrentMortgage) => void;
};

/** Refi Buddy: the mortgage the homeowner has today, prefilled from the Refi Buddy page. */
export function CurrentMortgageStep({ value, onSubmit }: CurrentMortgageStepProps) {
  return (
    <MortgageDetailsForm
      saved={value}
      onSubmit={onSubmit}
      submitLabel="Continue"
      frame={(form, errors, submitCount) => (
        <StepFrame eyebrow="Refi Buddy" title="Tell us about your current mortgage" errors={errors} submitCount={submitCount}>
          {form}
        </StepFrame>
      )}
    />
  );
}
