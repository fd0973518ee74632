import { vi } from 'vitest';

/** One PUT the page sent, held until the test answers it. */
export type SentFile = {
  method: string;
  url: string;
  contentType: string | null;
  body: unknown;
  /** Reports this share (0 to 1) of the file as sent. */
  progress: (fraction: number) => void;
  /** Finishes the request with this status; 0 is a network failure. */
  respond: (status: number) => void;
  aborted: boolean;
};

/**
 * Replaces XMLHttpRequest (the browser's only way to report upload progress) with
 * one the test drives: each request waits in `sent` until the test answers it, or
 * is answered at once with `autoRespond`.
 */
export function mockXhr({ autoRespond }: { autoRespond?: number } = {}) {
  const sent: SentFile[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private request: SentFile | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: unknown) {
      const request: SentFile = {
        method: this.method,
        url: this.url,
        contentType: this.headers['content-type'] ?? null,
        body,
        aborted: false,
        progress: (fraction) => {
          const size = body instanceof Blob ? body.size : 1;
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: fraction * size, total: size }));
        },
        respond: (status) => {
          this.status = status;
          if (status === 0) this.onerror?.();
          else this.onload?.();
        },
      };
      this.request = request;
      sent.push(request);
      if (autoRespond !== undefined) {
        setTimeout(() => {
          request.progress(1);
          request.respond(autoRespond);
        });
      }
    }

    abort() {
      if (this.request) this.request.aborted = true;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { sent };
}
