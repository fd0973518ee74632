import { FileText, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import type { UploadedQuote } from '@/lib/storage';
import { UPLOAD_NO_CONNECTION, UploadError, uploadQuoteFile } from '../api/upload-quote-file';
import { ACCEPT, fileProblem, formatFileSize } from '../upload-rules';

type CheckedUpload = Schema<'CheckedUpload'>;

type Props = {
  /** The file already uploaded (kept in browser storage), if any. */
  uploaded: UploadedQuote | null;
  onUploaded: (upload: UploadedQuote, checked: CheckedUpload) => void;
  onRemove: () => void;
  /** Shown under the uploaded file: what was read from it. */
  children?: ReactNode;
  /** For a second to fourth quote (issue 29): its own ids and words. */
  idPrefix?: string;
  title?: string;
  fileLabel?: string;
  headingLevel?: 2 | 4;
};

type Sending = { file: File; percent: number };


/**
 * The optional quote file: a labelled file input (keyboard operable as the browser
 * makes it) inside a drop zone. The file is checked here first, then sent with a
 * progress bar, then checked by the server; the visitor hears at once if it is refused.
 */
export function QuoteUpload({
  uploaded,
  onUploaded,
  onRemove,
  children,
  idPrefix = '',
  title = 'Upload your quote (optional)',
  fileLabel = 'Loan estimate or quote file',
  headingLevel = 2,
}: Props) {
  const Heading = `h${headingLevel}` as const;
  const INPUT_ID = `${idPrefix}quote-file`;
  const titleId = `${idPrefix}upload-title`;
  const helpId = `${idPrefix}upload-help`;
  const errorId = `${idPrefix}upload-error`;
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfter, setFocusAfter] = useState<'input' | 'file' | null>(null);
  const upload = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLDivElement>(null);

  // Leaving the page stops an upload on its way.
  useEffect(() => () => upload.current?.abort(), []);

  // The control that had focus may be gone after an upload or a removal: move focus on.
  useEffect(() => {
    if (focusAfter === 'input') inputRef.current?.focus();
    if (focusAfter === 'file') fileRef.current?.focus();
  }, [focusAfter, uploaded]);

  const send = async (file: File) => {
    upload.current?.abort();
    setError(null);
    setFocusAfter(null);
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setSending({ file, percent: 0 });
    setAnnouncement(`Uploading ${file.name}`);
    try {
      const { checked, contentType } = await uploadQuoteFile(file, {
        signal: controller.signal,
        onProgress: (fraction) => setSending({ file, percent: Math.round(fraction * 100) }),
      });
      const stored = { key: checked.key, fileName: checked.fileName, fileType: contentType, fileSize: file.size, uploadedAt: new Date().toISOString() };
      onUploaded(stored, checked);
      setAnnouncement(`Uploaded ${checked.fileName}`);
      setFocusAfter('file');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failure instanceof UploadError ? failure.message : UPLOAD_NO_CONNECTION);
      setAnnouncement('');
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setSending(null);
      }
    }
  };

  const cancel = () => {
    upload.current?.abort();
    upload.current = null;
    setSending(null);
    setAnnouncement('Upload cancelled');
    setFocusAfter('input');
  };

  const remove = () => {
    onRemove();
    setError(null);
    setAnnouncement('File removed');
    setFocusAfter('input');
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  return (
    <Card padding={6} aria-labelledby={titleId}>
      <Heading id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </Heading>
      <p id={helpId} className="mt-1 text-slate-700">
        A Loan Estimate or your lender's quote: PDF, image, spreadsheet or Word document, up to 5MB. From a Loan Estimate, a PDF
        or a photo, we fill in the figures below for you to check. The file carries your name and address: it is kept with your
        request for as long as we keep the request, and only our brokerage sees it.
      </p>

      {uploaded ? (
        <div ref={fileRef} tabIndex={-1} className="mt-4 flex items-center gap-3 rounded-lg border border-slate-300 p-4 focus:outline-2 focus:outline-blue-700">
          <FileText aria-hidden="true" className="size-8 shrink-0 text-blue-800" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{uploaded.fileName}</p>
            <p className="text-sm text-slate-700">
              {uploaded.fileSize !== undefined && `${formatFileSize(uploaded.fileSize)} · `}Uploaded
            </p>
          </div>
          <Button variant="secondary" onClick={remove} aria-label={`Remove ${uploaded.fileName}`}>
            Remove
          </Button>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={`mt-4 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300'}`}
        >
          <Upload aria-hidden="true" className="mx-auto size-8 text-slate-600" />
          <p className="mt-2 text-slate-700">Drag and drop your file here, or choose it:</p>
          <label htmlFor={INPUT_ID} className="mt-2 block font-medium text-slate-900">
            {fileLabel}
          </label>
          {/* The browser's own "Choose File" button, drawn as the site's primary button (issue 14, defect 14). */}
          <input
            ref={inputRef}
            id={INPUT_ID}
            type="file"
            accept={ACCEPT}
            aria-describedby={error ? `${helpId} ${errorId}` : helpId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again is a change too.
              event.target.value = '';
              if (file) void send(file);
            }}
            className="mx-auto mt-2 block max-w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-blue-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          />
        </div>
      )}

      {sending && (
        <div className="mt-4">
          <div className="flex items-baseline justify-between gap-3 text-sm text-slate-800">
            <span className="truncate">
              {sending.percent < 100 ? 'Uploading' : 'Checking'} {sending.file.name} ({formatFileSize(sending.file.size)})
            </span>
            <span aria-hidden="true">{sending.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${sending.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={sending.percent}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-2 rounded-full bg-blue-700 transition-all" style={{ width: `${sending.percent}%` }} />
          </div>
          <Button variant="secondary" className="mt-3" onClick={cancel}>
            Cancel upload
          </Button>
        </div>
      )}

      {error && (
        <p id={errorId} role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {uploaded && children}
    </Card>
  );
}
