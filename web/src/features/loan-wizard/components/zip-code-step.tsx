import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/field';
import { ZIP_CODE_MAX_LENGTH } from '@/lib/constants';
import { zipCodeSchema } from '../schemas';
import { StepFrame } from './step-frame';

export function ZipCodeStep({ value, onSubmit }: { value: string | undefined; onSubmit: (zipCode: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({ resolver: zodResolver(zipCodeSchema), defaultValues: { zipCode: value ?? '' } });

  return (
    <StepFrame title="What's the zip code of the property?" description="Rates and title costs vary across Utah." errors={errors} submitCount={submitCount}>
      <form noValidate onSubmit={handleSubmit((form) => onSubmit(form.zipCode))} className="space-y-6">
        <TextField
          label="Zip code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_CODE_MAX_LENGTH}
          className="max-w-48"
          error={errors.zipCode?.message}
          {...register('zipCode')}
        />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}
