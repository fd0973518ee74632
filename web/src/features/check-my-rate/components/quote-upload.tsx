import { FileText, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import type { UploadedQuote } from '@/lib/storage';
import { regroupPages, UPLOAD_NO_CONNECTION, UploadError, uploadPagePictures, uploadQuoteFile } from '../api/upload-quote-file';
import { ACCEPT, contentTypeOf, filesProblem, formatFileSize, isPicture, MAX_PAGES, PICTURE_ACCEPT } from '../upload-rules';

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

type Sending = { label: string; size: number; percent: number };

/** What is being sent, as the progress bar names it. */
function sendingOf(files: File[], percent: number): Sending {
  const size = files.reduce((sum, file) => sum + file.size, 0);
  return { label: files.length === 1 ? files[0].name : `${files.length} pictures`, size, percent };
}


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
  const ADD_ID = `${idPrefix}quote-add-page`;
  const addHelpId = `${idPrefix}add-page-help`;
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfter, setFocusAfter] = useState<'input' | 'file' | null>(null);
  const upload = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLDivElement>(null);

  // A Loan Estimate sent as pictures, one a page: the first and the others.
  const pictures = uploaded ? [{ key: uploaded.key, fileName: uploaded.fileName, fileSize: uploaded.fileSize }, ...(uploaded.pages ?? [])] : [];
  const canAddPage = uploaded !== null && isPicture(uploaded.fileName) && pictures.length < MAX_PAGES;

  // Leaving the page stops an upload on its way.
  useEffect(() => () => upload.current?.abort(), []);

  // The control that had focus may be gone after an upload or a removal: move focus on.
  useEffect(() => {
    if (focusAfter === 'input') inputRef.current?.focus();
    if (focusAfter === 'file') fileRef.current?.focus();
  }, [focusAfter, uploaded]);

  /** Sends one file, or pictures of a Loan Estimate's pages (adding: to the pictures sent already). */
  const send = async (files: File[], adding = false) => {
    upload.current?.abort();
    setError(null);
    setFocusAfter(null);
    if (files.length === 0) return;
    const pagesBefore = adding && uploaded ? 1 + (uploaded.pages?.length ?? 0) : 0;
    const problem = filesProblem(files, pagesBefore);
    if (problem) {
      setError(problem);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setSending(sendingOf(files, 0));
    const label = sendingOf(files, 0).label;
    setAnnouncement(`Uploading ${label}`);
    const onProgress = (fraction: number) => setSending(sendingOf(files, Math.round(fraction * 100)));
    try {
      if (files.length === 1 && !adding) {
        const [file] = files;
        const { checked, contentType } = await uploadQuoteFile(file, { signal: controller.signal, onProgress });
        const stored = { key: checked.key, fileName: checked.fileName, fileType: contentType, fileSize: file.size, uploadedAt: new Date().toISOString() };
        onUploaded(stored, checked);
      } else {
        const before = adding && uploaded ? { key: uploaded.key, pages: (uploaded.pages ?? []).map((page) => page.key) } : null;
        const { checked, sent } = await uploadPagePictures(files, before, { signal: controller.signal, onProgress });
        const pages = sent.map(({ key, fileName, fileSize }) => ({ key, fileName, fileSize }));
        const stored =
          adding && uploaded
            ? { ...uploaded, pages: [...(uploaded.pages ?? []), ...pages] }
            : { key: sent[0].key, fileName: sent[0].fileName, fileType: sent[0].fileType, fileSize: sent[0].fileSize, uploadedAt: new Date().toISOString(), pages: pages.slice(1) };
        onUploaded(stored, checked);
      }
      setAnnouncement(`Uploaded ${label}`);
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

  /** Leaves one picture out of a Loan Estimate's pictures; the others are read again without it. */
  const removePage = async (key: string) => {
    if (!uploaded) return;
    upload.current?.abort();
    setError(null);
    setFocusAfter(null);
    const [first, ...rest] = pictures.filter((picture) => picture.key !== key);
    const removed = pictures.find((picture) => picture.key === key);
    const controller = new AbortController();
    upload.current = controller;
    const left = rest.length + 1;
    setSending({ label: left === 1 ? first.fileName : `${left} pictures`, size: [first, ...rest].reduce((sum, p) => sum + (p.fileSize ?? 0), 0), percent: 100 });
    try {
      const checked = await regroupPages(first.key, rest.map((page) => page.key), controller.signal);
      const stored = { key: first.key, fileName: first.fileName, fileType: contentTypeOf(first.fileName), fileSize: first.fileSize, uploadedAt: uploaded.uploadedAt, pages: rest };
      onUploaded(stored, checked);
      setAnnouncement(`Removed ${removed?.fileName ?? 'the picture'}`);
      setFocusAfter('file');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failure instanceof UploadError ? failure.message : UPLOAD_NO_CONNECTION);
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
    void send(Array.from(event.dataTransfer.files));
  };

  return (
    <Card padding={6} aria-labelledby={titleId}>
      <Heading id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </Heading>
      <p id={helpId} className="mt-1 text-slate-700">
        A Loan Estimate or your lender's quote: PDF, image, spreadsheet or Word document, up to 5MB. From a Loan Estimate, a PDF
        or a photo (or up to three photos, one a page), we fill in the figures below for you to check. The file carries your name and address: it is kept with your
        request for as long as we keep the request, and only our brokerage sees it.
      </p>

      {uploaded ? (
        <div ref={fileRef} tabIndex={-1} className="mt-4 rounded-lg border border-slate-300 p-4 focus:outline-2 focus:outline-blue-700">
          <div className="flex items-center gap-3">
            <FileText aria-hidden="true" className="size-8 shrink-0 text-blue-800" />
            <div className="min-w-0 flex-1">
              {pictures.length > 1 ? (
                <>
                  <p className="font-medium text-slate-900">{pictures.length} pictures of one Loan Estimate</p>
                  <ul aria-label="Pictures uploaded" className="text-sm text-slate-700">
                    {pictures.map((picture) => (
                      <li key={picture.key} className="flex items-center gap-2">
                        <span className="truncate">
                          {picture.fileName}
                          {picture.fileSize !== undefined && ` · ${formatFileSize(picture.fileSize)}`}
                        </span>
                        <button
                          type="button"
                          onClick={() => void removePage(picture.key)}
                          disabled={sending !== null}
                          aria-label={`Remove ${picture.fileName}`}
                          className="text-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:text-slate-500"
                        >
                          Remove
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <>
                  <p className="truncate font-medium text-slate-900">{uploaded.fileName}</p>
                  <p className="text-sm text-slate-700">
                    {uploaded.fileSize !== undefined && `${formatFileSize(uploaded.fileSize)} · `}Uploaded
                  </p>
                </>
              )}
            </div>
            <Button
              variant="secondary"
              onClick={remove}
              aria-label={pictures.length > 1 ? `Remove the ${pictures.length} pictures` : `Remove ${uploaded.fileName}`}
            >
              Remove
            </Button>
          </div>
          {canAddPage && (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <label htmlFor={ADD_ID} className="block font-medium text-slate-900">
                Add another page
              </label>
              <p id={addHelpId} className="text-sm text-slate-700">
                A picture of another page of the same Loan Estimate ({pictures.length} of {MAX_PAGES} so far).
              </p>
              <input
                id={ADD_ID}
                type="file"
                accept={PICTURE_ACCEPT}
                multiple
                disabled={sending !== null}
                aria-describedby={error ? `${addHelpId} ${errorId}` : addHelpId}
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  void send(files, true);
                }}
                className="mt-2 block max-w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-blue-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-blue-800 hover:file:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              />
            </div>
          )}
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
            multiple
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // Cleared so that choosing the same file again is a change too.
              event.target.value = '';
              void send(files);
            }}
            className="mx-auto mt-2 block max-w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-blue-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          />
        </div>
      )}

      {sending && (
        <div className="mt-4">
          <div className="flex items-baseline justify-between gap-3 text-sm text-slate-800">
            <span className="truncate">
              {sending.percent < 100 ? 'Uploading' : 'Checking'} {sending.label} ({formatFileSize(sending.size)})
            </span>
            <span aria-hidden="true">{sending.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${sending.label}`}
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
