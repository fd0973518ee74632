import { ButtonLink } from '@/components/button';
import { DeleteWithConfirmation } from '@/components/delete-with-confirmation';
import { Page, TitledPage } from '@/components/page';
import { useDeleteRequest } from '../api/delete-request';
import { TitledSection } from '@/components/titled-section';

/** "Delete my request" under the results, with a confirmation (issue 27 §2, docs/records.md). */
export function DeleteMyRequest({ requestId, onDeleted }: { requestId: string; onDeleted: () => void }) {
  const remove = useDeleteRequest(requestId, onDeleted);
  return (
    <Page width="wide">
      <TitledSection id="your-data" title="Your data" className="border-t border-slate-200 pt-6 print:hidden" headingClassName="text-lg font-bold text-slate-900">
        <p className="mt-1 text-slate-700">You can delete this request and everything we keep with it, including any file you uploaded.</p>
        <DeleteWithConfirmation
          className="mt-3"
          label="Delete my request"
          failure="We could not delete your request. Please try again."
          confirmation={{
            title: 'Delete this request?',
            confirmLabel: 'Yes, delete my request',
            cancelLabel: 'Keep my request',
            body: <p>Your request, its analysis and any file you uploaded are deleted for good. This link will stop working.</p>,
          }}
          deletion={remove}
          onConfirmed={() => remove.mutate()}
        />
      </TitledSection>
    </Page>
  );
}

/** What the results link shows once the request was deleted (the API answers 410). */
export function RequestDeleted() {
  return (
    <TitledPage heading="This request was deleted" title="Request deleted" intro="The request and everything we kept with it are gone." width="narrow">
      <ButtonLink to="/check-my-rate" size="lg">
        Start a new quote analysis
      </ButtonLink>
    </TitledPage>
  );
}
