// What the browser checks before a quote file leaves the visitor's computer
// (spec section 5, "Upload"). The server checks again on the bytes it receives.

/** Each accepted extension and the content type the file is sent with. */
const CONTENT_TYPES = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

type Extension = keyof typeof CONTENT_TYPES;

export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES) as Extension[];

/** The browser's limit; the server's hard limit is 10 MB (both readings of the spec stand). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const FILE_TYPE_MESSAGE = `File type must be one of: ${ALLOWED_EXTENSIONS.join(', ')}`;

const MB = 1024 * 1024;

export function fileSizeMessage(bytes: number): string {
  return `File size must be less than 5MB. Current size: ${(bytes / MB).toFixed(2)}MB`;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

function isAllowed(extension: string): extension is Extension {
  return Object.hasOwn(CONTENT_TYPES, extension);
}

/** Why the file cannot be uploaded, in the spec's words; null when it may go. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!isAllowed(extensionOf(file.name))) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return fileSizeMessage(file.size);
  return null;
}

/**
 * The type the file is announced and PUT as, from its (accepted) extension: browsers
 * disagree on, or leave empty, the types of office files. The server serves the file
 * as the type its content is detected as, whatever is announced here.
 */
export function contentTypeOf(fileName: string): string {
  const extension = extensionOf(fileName);
  return isAllowed(extension) ? CONTENT_TYPES[extension] : 'application/octet-stream';
}

/** 245 KB, 1.3 MB: the size shown beside the file's name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** The accept attribute of the file input: the file picker offers these first. */
export const ACCEPT = ALLOWED_EXTENSIONS.join(',');

/** A Loan Estimate may be sent as pictures, one a page (issue 28 §3): at most its three pages. */
export const MAX_PAGES = 3;

/** The pictures that can be the pages of one Loan Estimate. */
export const PICTURE_ACCEPT = '.jpg,.jpeg,.png';

export const PAGES_MESSAGE = 'Choose one file, or up to three pictures (.jpg, .jpeg, .png) of the pages of one Loan Estimate';

export function isPicture(fileName: string): boolean {
  return PICTURE_ACCEPT.split(',').includes(extensionOf(fileName));
}

/**
 * Why these files cannot go together, in the spec's words for one file; null when they
 * may. pagesBefore: how many pictures of the same Loan Estimate were sent already.
 */
export function filesProblem(files: Pick<File, 'name' | 'size'>[], pagesBefore = 0): string | null {
  const several = files.length > 1 || pagesBefore > 0;
  if (several && (files.length + pagesBefore > MAX_PAGES || !files.every((file) => isPicture(file.name)))) return PAGES_MESSAGE;
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  return null;
}
