// A quote file's way to the server (spec section 7): ask for a signed URL, PUT the raw
// file to it, then have the server check what it received, so a refused file is
// reported at once rather than at submit.
import { answer, api, ApiError, serverMessage, type Schema } from '@/lib/api-client';
import { contentTypeOf } from '../upload-rules';

type CheckedUpload = Schema<'CheckedUpload'>;

// Spec section 8.
export const PRESIGN_FAILED = 'Failed to get upload URL';
export const uploadFailed = (status: number) => `Upload failed with status: ${status}`;
// Not in the spec: a PUT that never got an answer has no status to report.
export const UPLOAD_NO_CONNECTION = 'Upload failed. Please check your connection and try again.';
export const CHECK_FAILED = "We couldn't check your file. Please try again.";

/** A failure the visitor reads as it is. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

type Options = {
  /** The share of the file sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
};

/** Where to PUT a quote file (spec section 7), and the key to submit as uploadedFileUrl. */
export const presignUpload = (body: Schema<'UploadRequest'>) => answer(api.POST('/uploads/presigned-url', { body }));

/**
 * The server's checks on the file it received; a refused file is deleted. pages: the
 * other pictures of the same Loan Estimate, read with it (the request still names key).
 */
export const checkUpload = (body: { key: string; pages?: string[] }) => answer(api.POST('/uploads/check', { body }));

export type UploadResult = { checked: CheckedUpload; contentType: string };

export async function uploadQuoteFile(file: File, { onProgress, signal }: Options): Promise<UploadResult> {
  const { key, contentType } = await sendFile(file, onProgress, signal);
  try {
    return { checked: await checkWhenAReaderIsFree({ key }, signal), contentType };
  } catch (error) {
    throw new UploadError(serverMessage(error) ?? CHECK_FAILED);
  }
}

/** A picture of one page, as sent. */
export type SentPage = { key: string; fileName: string; fileType: string; fileSize: number };

/**
 * Pictures of a Loan Estimate's pages (issue 28 §3): each is sent through its own link,
 * then all are checked and read together with those sent before (before: the first
 * picture's key and the other pages'), in whatever order they come.
 */
export async function uploadPagePictures(
  files: File[],
  before: { key: string; pages: string[] } | null,
  { onProgress, signal }: Options,
): Promise<{ checked: CheckedUpload; sent: SentPage[] }> {
  const sent: SentPage[] = [];
  for (const [i, file] of files.entries()) {
    const { key, contentType } = await sendFile(file, (fraction) => onProgress((i + fraction) / files.length), signal);
    sent.push({ key, fileName: file.name, fileType: contentType, fileSize: file.size });
  }
  const keys = [...(before ? [before.key, ...before.pages] : []), ...sent.map((page) => page.key)];
  const [key, ...pages] = keys;
  try {
    return { checked: await checkWhenAReaderIsFree({ key, pages }, signal), sent };
  } catch (error) {
    throw new UploadError(serverMessage(error) ?? CHECK_FAILED);
  }
}

/** Pictures sent already, regrouped (one left out): the first named is read with the others. */
export async function regroupPages(key: string, pages: string[], signal: AbortSignal): Promise<CheckedUpload> {
  try {
    return await checkWhenAReaderIsFree({ key, pages }, signal);
  } catch (error) {
    throw new UploadError(serverMessage(error) ?? CHECK_FAILED);
  }
}

/** Asks for a link and PUTs the file to it. */
async function sendFile(file: File, onProgress: Options['onProgress'], signal: AbortSignal) {
  const contentType = contentTypeOf(file.name);
  let link;
  try {
    link = await presignUpload({ fileName: file.name, fileType: contentType });
  } catch (error) {
    throw new UploadError(serverMessage(error) ?? PRESIGN_FAILED);
  }
  signal.throwIfAborted();
  await putFile(link.signedUrl, file, contentType, onProgress, signal);
  signal.throwIfAborted();
  return { key: link.key, contentType };
}

// The server reads a few pictures at a time and one per visitor (issue 24 §5): a
// visitor who adds a second photo while the first is being read is told 503 with
// Retry-After. That is "wait your turn", not a failure, so the check is asked again
// for up to this long before the server's words are shown.
export const CHECK_WAIT_LIMIT_MS = 90_000;
const DEFAULT_WAIT_SECONDS = 5;

async function checkWhenAReaderIsFree(body: { key: string; pages?: string[] }, signal: AbortSignal): Promise<CheckedUpload> {
  const deadline = Date.now() + CHECK_WAIT_LIMIT_MS;
  for (;;) {
    try {
      return await checkUpload(body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503) throw error;
      const wait = (error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
      if (Date.now() + wait > deadline) throw error;
      await pause(wait, signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** XMLHttpRequest, not fetch: only it reports upload progress. */
function putFile(url: string, file: File, contentType: string, onProgress: Options['onProgress'], signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadError(uploadFailed(xhr.status)));
    };
    xhr.onerror = () => reject(new UploadError(xhr.status ? uploadFailed(xhr.status) : UPLOAD_NO_CONNECTION));
    xhr.onabort = () => reject(signal.reason);
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
