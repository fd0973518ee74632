import { DeleteWithConfirmation } from '@/components/delete-with-confirmation';
import { useDeleteRefiData } from '../api/refi-manage';
import { TitledSection } from '@/components/titled-section';

/** "Delete my data" on the manage page, with a confirmation (issue 27 §2, docs/records.md). */
export function DeleteMyData({ token, onDeleted }: { token: string; onDeleted: () => void }) {
  const remove = useDeleteRefiData(token);
  return (
    <TitledSection id="your-data-heading" title="Your data" headingClassName="mb-1 text-xl font-semibold text-slate-900">
      <p className="mb-3 text-slate-700">Delete your mortgage details, your address and every alert we sent. Alerts stop for good.</p>
      <DeleteWithConfirmation
        label="Delete my data"
        failure="We could not delete your data. Please try again."
        confirmation={{
          title: 'Delete your Refi Buddy data?',
          confirmLabel: 'Yes, delete my data',
          cancelLabel: 'Keep my alerts',
          body: <p>Your mortgage details, your address and your alerts are deleted for good. This link will stop working.</p>,
        }}
        deletion={remove}
        onConfirmed={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      />
    </TitledSection>
  );
}
