import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/field';
import { emailSchema } from '@/lib/form';
import { StepFrame } from './step-frame';

type EmailStepProps = {
  value: string | undefined;
  onSubmit: (email: string) => void;
  /** Skipping answers the prompt with no email. */
  onSkip: () => void;
};

export function EmailStep({ value, onSubmit, onSkip }: EmailStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: value ?? '' } });

  return (
    <StepFrame
      eyebrow="Refi Buddy"
      title="Where should we send your refinance alert?"
      description="Refi Buddy emails you when refinancing makes sense. We never share your email. You can skip this."
      errors={errors}
      submitCount={submitCount}
    >
      <form noValidate onSubmit={handleSubmit((form) => onSubmit(form.email))} className="space-y-6">
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg">
            Continue
          </Button>
          <Button variant="secondary" size="lg" onClick={onSkip}>
            Skip
          </Button>
        </div>
      </form>
    </StepFrame>
  );
}
