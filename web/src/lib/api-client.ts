// A small fetch wrapper typed from the generated OpenAPI types (api-types.ts),
// so a change in internal/httpapi/openapi.json breaks the build, not the visitor.
import type { components, paths } from './api-types';

type Schemas = components['schemas'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type Analysis = Schemas['Analysis'];
export type Quote = Schemas['Quote'];
export type Grade = NonNullable<Analysis['grade']>;
export type LoanType = Schemas['LoanType'];
export type PropertyType = Schemas['PropertyType'];
export type PropertyStyle = Schemas['PropertyStyle'];
export type LoanProgram = Schemas['LoanProgram'];
export type ContactMethod = Schemas['ContactMethod'];
export type QuoteRequestSubmission = Schemas['QuoteRequestSubmission'];
export type ContactInfoUpdate = Schemas['ContactInfoUpdate'];
export type ContactInfo = Schemas['ContactInfo'];
export type BrokerQuoteUpdate = Schemas['BrokerQuoteUpdate'];
export type ContactRequestSubmission = Schemas['ContactRequestSubmission'];
export type CampaignVisit = Schemas['CampaignVisit'];
export type NationalRate = Schemas['NationalRate'];
export type QuoteFigures = Schemas['QuoteFigures'];
export type InstantGrade = Schemas['InstantGrade'];
export type RefinanceAdvice = Schemas['RefinanceAdvice'];
export type User = Schemas['User'];
export type AccessToken = Schemas['AccessToken'];
export type AnalysisSubmission = Schemas['AnalysisSubmission'];
export type AnalysisPreviewSubmission = Schemas['AnalysisPreviewSubmission'];
export type AnalysisPreview = Schemas['AnalysisPreview'];
export type Suggestions = Schemas['Suggestions'];
export type ContactRequest = Schemas['ContactRequest'];
export type BrokerEmail = Schemas['BrokerEmail'];
export type OutboxMessage = Schemas['OutboxMessage'];
export type RefiWatch = Schemas['RefiWatch'];
export type Site = Schemas['Site'];
export type SiteLender = Schemas['SiteLender'];
type Get<P extends keyof paths> = paths[P] extends { get: infer Op } ? Op : never;
type JsonAnswer<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;
export type AuthConfig = JsonAnswer<Get<'/auth/config'>>;
export type UploadLink = Schemas['UploadLink'];
export type CheckedUpload = Schemas['CheckedUpload'];
export type LoanEstimateFields = Schemas['LoanEstimateFields'];
type Created = Schemas['Created'];

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

// Compile-time checks that the hand-written calls below match the contract.
type Post<P extends keyof paths> = paths[P] extends { post: infer Op } ? Op : never;
type Patch<P extends keyof paths> = paths[P] extends { patch: infer Op } ? Op : never;

export const API_BASE = '/api';

/** A refused request: the server's message and its per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/** The server's own words for a refusal; null when it gave none (an outage, a proxy's page, no network). */
export function serverMessage(error: unknown): string | null {
  // toApiError falls back to "HTTP {status}" only when the body had no error text.
  return error instanceof ApiError && error.message !== `HTTP ${error.status}` ? error.message : null;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A bearer token (lib/auth) goes with the calls that need a signed-in user. */
async function request<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${API_BASE}${path}`, init);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: Partial<Schemas['Error']> = {};
  try {
    payload = (await response.json()) as Schemas['Error'];
  } catch {
    // Not JSON (a proxy error page, say): fall back to the status below.
  }
  return new ApiError(response.status, payload.error || `HTTP ${response.status}`, payload.fields ?? {});
}

const id = (value: string) => encodeURIComponent(value);

export const api = {
  health: () => request<Schemas['Health']>('GET', '/health'),

  submitQuoteRequest: (body: JsonBody<Post<'/quote-requests/submit'>>) =>
    request<Created>('POST', '/quote-requests/submit', body),

  getQuoteRequest: (requestId: string) => request<QuoteRequest>('GET', `/quote-requests/${id(requestId)}`),

  /** The broker's analysis, or null while there is none yet (the server answers 404). */
  getAnalysis: async (requestId: string): Promise<Analysis | null> => {
    try {
      return await request<Analysis>('GET', `/quote-requests/${id(requestId)}/analysis`);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  },

  /** Signed-out visitors send no body (spec section 7); a signed-in viewer's token names them (viewed_by). */
  recordAnalysisViewed: (analysisId: string, token?: string | null) =>
    request<void>('POST', `/analysis/${id(analysisId)}/viewed`, undefined, token),

  updateContactInfo: (requestId: string, body: JsonBody<Patch<'/quote-requests/{id}/contact-info'>>) =>
    request<ContactInfo>('PATCH', `/quote-requests/${id(requestId)}/contact-info`, body),

  updateBrokerQuote: (requestId: string, body: JsonBody<Patch<'/quote-requests/{id}/broker-quote'>>) =>
    request<QuoteRequest>('PATCH', `/quote-requests/${id(requestId)}/broker-quote`, body),

  submitContactRequest: (body: JsonBody<Post<'/contact-requests/submit'>>) =>
    request<Created>('POST', '/contact-requests/submit', body),

  trackCampaign: (body: JsonBody<Post<'/analytics/track-campaign'>>) =>
    request<void>('POST', '/analytics/track-campaign', body),

  /** Where to PUT a quote file (spec section 7), and the key to submit as uploadedFileUrl. */
  presignUpload: (body: JsonBody<Post<'/uploads/presigned-url'>>) => request<UploadLink>('POST', '/uploads/presigned-url', body),

  /** The server's checks on the file it received; a refused file is deleted. */
  checkUpload: (body: JsonBody<Post<'/uploads/check'>>) => request<CheckedUpload>('POST', '/uploads/check', body),

  getSite: () => request<Site>('GET', '/site'),

  getNationalRates: () => request<{ rates: NationalRate[] }>('GET', '/national-rates'),

  getAuthConfig: () => request<AuthConfig>('GET', '/auth/config'),

  /** A 5-minute bearer token from the session cookie; 401 when signed out. */
  mintToken: () => request<AccessToken>('POST', '/auth/token'),

  signOut: () => request<void>('POST', '/auth/logout'),

  /** Development mode only (no Google client, loopback address). */
  signInAsLocalAdmin: () => request<void>('POST', '/auth/local-admin'),

  /** Spec section 7: POST /users after sign-in; the answer says whether the user is an admin. */
  syncUser: (body: JsonBody<Post<'/users'>>, token: string) => request<User>('POST', '/users', body, token),

  /** Refi Buddy's confirmation link (double opt-in): alerts to the address start. */
  confirmRefiAlerts: (token: string) =>
    request<{ confirmed: boolean }>('POST', `/refi-buddy/confirm?token=${encodeURIComponent(token)}`),
  /** Refi Buddy's unsubscribe link from an alert's body (the same endpoint takes RFC 8058 one-click posts). */
  unsubscribeRefiAlerts: (token: string) =>
    request<{ unsubscribed: boolean }>('POST', `/refi-buddy/unsubscribe?token=${encodeURIComponent(token)}`),
};
