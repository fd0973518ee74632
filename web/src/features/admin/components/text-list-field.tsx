import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/button';
import { FieldError, inputStyles } from '@/components/form/field';
import type { EditorValues } from '../editor';

type ListName = 'pros' | 'cons' | 'notes';

type TextListFieldProps = {
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  name: ListName;
  legend: string;
  /** What one entry is called: "pro", "con", "note". */
  item: string;
  rows?: number;
  error?: string;
};

/** A list of short texts; an entry can be removed only while there is more than one (spec section 5). */
export function TextListField({ control, register, name, legend, item, rows = 1, error }: TextListFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const errorId = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-slate-900">{legend}</legend>
      {fields.map((field, index) => {
        const label = `${item.charAt(0).toUpperCase()}${item.slice(1)} ${index + 1}`;
        const id = `${name}-${index}`;
        return (
          <div key={field.id} className="flex items-start gap-2">
            <label htmlFor={id} className="sr-only">
              {label}
            </label>
            <textarea
              id={id}
              rows={rows}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputStyles}
              {...register(`${name}.${index}.text`)}
            />
            {fields.length > 1 && (
              <Button variant="ghost" aria-label={`Remove ${item} ${index + 1}`} onClick={() => remove(index)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
        );
      })}
      <FieldError id={errorId} message={error} />
      <Button variant="secondary" onClick={() => append({ text: '' })}>
        <Plus aria-hidden="true" className="size-4" />
        Add {item}
      </Button>
    </fieldset>
  );
}
