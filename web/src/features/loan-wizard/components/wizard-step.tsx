import { storage, type LoanInfo, type RefiBuddyData } from '@/lib/storage';
import { KEYSTONE_OPTIONS, keystoneQuestion, LOAN_TYPE_OPTIONS, PROPERTY_STYLE_OPTIONS, PROPERTY_TYPE_OPTIONS, YES_NO_OPTIONS } from '../answers';
import { balanceLimit, cashOutLimit, propertyValueMinimum } from '../schemas';
import type { StepId, WizardContext } from '../steps';
import { AmountStep } from './amount-step';
import { ChoiceStep } from './choice-step';
import { CreditScoreStep } from './credit-score-step';
import { CurrentMortgageStep } from './current-mortgage-step';
import { DownPaymentStep } from './down-payment-step';
import { EmailStep } from './email-step';
import { ZipCodeStep } from './zip-code-step';

type WizardStepProps = {
  step: StepId;
  ctx: WizardContext;
  onAnswer: (patch: { answers?: Partial<LoanInfo>; refi?: Partial<RefiBuddyData> }) => void;
};

/** The question for one step. */
export function WizardStep({ step, ctx, onAnswer }: WizardStepProps) {
  const { answers, refi } = ctx;
  const set = (patch: Partial<LoanInfo>) => onAnswer({ answers: patch });

  switch (step) {
    case 'loanType':
      return (
        <ChoiceStep
          title="Are you buying a home or refinancing?"
          options={LOAN_TYPE_OPTIONS}
          value={answers.loanType}
          onChoose={(loanType) => set({ loanType })}
        />
      );
    case 'currentMortgage':
      return (
        <CurrentMortgageStep
          value={refi?.currentMortgage}
          onSubmit={(currentMortgage) => onAnswer({ refi: { currentMortgage } })}
        />
      );
    case 'email':
      return (
        <EmailStep
          value={refi?.email}
          onSubmit={(email) => onAnswer({ refi: { email } })}
          // Skip skips (issue 25 §3): an address typed here or on the Refi Buddy page is dropped,
          // so the request carries none and no confirmation e-mail goes to it.
          onSkip={() => onAnswer({ refi: { email: '' } })}
        />
      );
    case 'propertyValue':
      return (
        <AmountStep
          title="What is your home worth today?"
          label="Estimated property value"
          hint="A recent appraisal or online estimate is fine."
          requiredMessage="Property value is required"
          name="Property value"
          minimum={propertyValueMinimum}
          value={answers.propertyValue}
          onSubmit={(propertyValue) => set({ propertyValue })}
        />
      );
    case 'remainingBalance':
      return (
        <AmountStep
          title="How much do you still owe on your mortgage?"
          label="Remaining loan balance"
          hint="Your latest mortgage statement shows it."
          requiredMessage="Remaining balance is required"
          name="Remaining balance"
          value={answers.remainingBalance}
          limit={balanceLimit(answers.propertyValue)}
          onSubmit={(remainingBalance) => set({ remainingBalance })}
        />
      );
    case 'cashOut':
      return (
        <ChoiceStep
          title="Do you want to take cash out when you refinance?"
          options={YES_NO_OPTIONS}
          value={answers.cashOut}
          onChoose={(cashOut) => set({ cashOut })}
        />
      );
    case 'cashOutAmount':
      return (
        <AmountStep
          title="How much cash do you want to take out?"
          label="Cash-out amount"
          requiredMessage="Cash-out amount is required"
          name="Cash-out amount"
          value={answers.cashOutAmount}
          limit={cashOutLimit(answers.propertyValue, answers.remainingBalance)}
          onSubmit={(cashOutAmount) => set({ cashOutAmount })}
        />
      );
    case 'firstHome':
      return (
        <ChoiceStep
          title="Is this your first home?"
          description="First-time buyers can qualify for special programs."
          options={YES_NO_OPTIONS}
          value={answers.isFirstHome}
          onChoose={(isFirstHome) => set({ isFirstHome })}
        />
      );
    case 'purchasePrice':
      return (
        <DownPaymentStep
          purchasePrice={answers.purchasePrice}
          downPayment={answers.downPayment}
          downPaymentPercent={answers.downPaymentPercent}
          onSubmit={({ purchasePrice, downPayment, downPaymentPercent }) =>
            set({ purchasePrice, downPayment, downPaymentPercent: downPaymentPercent ?? undefined })
          }
        />
      );
    case 'propertyType':
      return (
        <ChoiceStep
          title="How will you use the property?"
          options={PROPERTY_TYPE_OPTIONS}
          value={answers.propertyType}
          onChoose={(propertyType) => set({ propertyType })}
        />
      );
    case 'propertyStyle':
      return (
        <ChoiceStep
          title="What type of home is it?"
          options={PROPERTY_STYLE_OPTIONS}
          value={answers.propertyStyle}
          onChoose={(propertyStyle) => set({ propertyStyle })}
        />
      );
    case 'militaryService':
      return (
        <ChoiceStep
          title="Have you served in the US military?"
          description="Veterans and service members may qualify for a VA loan."
          options={YES_NO_OPTIONS}
          value={answers.militaryService}
          onChoose={(militaryService) => set({ militaryService })}
        />
      );
    case 'zipCode':
      return <ZipCodeStep value={answers.zipCode} onSubmit={(zipCode) => set({ zipCode })} />;
    case 'creditScore':
      return <CreditScoreStep value={answers.creditScore} onSubmit={(creditScore) => set({ creditScore })} />;
    case 'keystone':
      return (
        <ChoiceStep
          title="Bonus Question"
          description={keystoneQuestion(storage.quoteDetails.get() !== null || storage.uploadedQuote.get() !== null)}
          options={KEYSTONE_OPTIONS}
          value={answers.keystoneConsideration}
          onChoose={(keystoneConsideration) => set({ keystoneConsideration })}
        />
      );
  }
}
