import { Upload } from 'lucide-react';

/** File upload arrives in a later issue; the area is shown, disabled, so the page keeps its shape. */
export function UploadPlaceholder() {
  return (
    <section aria-labelledby="upload-title" className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center">
      <Upload aria-hidden="true" className="mx-auto size-8 text-slate-500" />
      <h2 id="upload-title" className="mt-2 text-lg font-bold text-slate-900">
        Upload your quote
      </h2>
      <label htmlFor="quote-file" className="mt-1 block text-slate-700">
        Loan estimate or quote file (PDF, image, spreadsheet or document)
      </label>
      <input id="quote-file" type="file" disabled aria-describedby="upload-note" className="mx-auto mt-3 block text-sm text-slate-600" />
      <p id="upload-note" className="mt-3 font-medium text-slate-800">
        Upload coming soon — enter your quote below
      </p>
    </section>
  );
}
