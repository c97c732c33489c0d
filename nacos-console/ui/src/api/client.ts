/**
 * The one way the console talks to the server: every call goes through {@link ApiClient.call},
 * which adds the token (as a header, never in the URL), gives up after a timeout, and turns any
 * answer that is not a success into an {@link ApiError} whose message a page can show as it is.
 */
import { t } from '../i18n';

export type Params = Record<string, string | number | boolean | undefined | null>;

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came (timeout, network). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server refused who we are (no token, an expired one, or no right to this). */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

/** The token lives as long as the browser tab: sessionStorage is per tab and gone when it closes. */
export const tabTokenStore: TokenStore = {
  get: () => sessionStorage.getItem('nacos.accessToken'),
  set: (token) => (token === null ? sessionStorage.removeItem('nacos.accessToken')
    : sessionStorage.setItem('nacos.accessToken', token)),
};

export interface ClientOptions {
  base: string;
  tokens: TokenStore;
  timeoutMillis?: number;
  fetcher?: typeof fetch;
  /** Told of every 401/403, with the server's reason, before the call fails. */
  onUnauthorized?: (reason: string, status: number) => void;
}

/** Drops empty parameters: the server reads a missing one as its default, an empty one literally. */
export function encodeParams(params: Params = {}): string {
  const pairs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) {
      pairs.append(key, String(value));
    }
  }
  return pairs.toString();
}

/** The server's reason out of an error body: a JSON envelope's message (and its data's detail) or the text itself. */
export function reasonOf(status: number, body: string): string {
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as { message?: unknown; data?: unknown; error?: unknown };
      const said = [json.message, json.data, json.error].filter((v): v is string => typeof v === 'string' && v.length > 0);
      if (said.length > 0) {
        // The v3 envelope names the error in message and says why in data: both are worth reading.
        return [...new Set(said)].join(': ');
      }
    } catch {
      // not JSON after all: shown as text below
    }
  }
  if (text.length > 0) {
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  }
  return t('api.noReason', { status });
}

export class ApiClient {
  private readonly timeoutMillis: number;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.timeoutMillis = options.timeoutMillis ?? 15000;
    this.fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  }

  get tokens(): TokenStore {
    return this.options.tokens;
  }

  get<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('GET', path, params);
  }

  post<T>(path: string, params?: Params, headers?: Record<string, string>): Promise<T> {
    return this.call<T>('POST', path, params, headers);
  }

  put<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('PUT', path, params);
  }

  delete<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('DELETE', path, params);
  }

  /** Sends a body as it is (a file to import); the parameters go in the query. */
  upload<T>(path: string, params: Params, body: FormData): Promise<T> {
    return this.send<T>('POST', `${path}?${encodeParams(params)}`, body);
  }

  /** POSTs a JSON body; the parameters go in the query. */
  postJson<T>(path: string, params: Params, json: unknown): Promise<T> {
    return this.send<T>('POST', `${path}?${encodeParams(params)}`, JSON.stringify(json),
      { 'Content-Type': 'application/json' });
  }

  /** The URL of a download; the token goes along as a header, so this is fetched, never linked. */
  async download(path: string, params: Params): Promise<Blob> {
    const response = await this.exchange('GET', `${path}?${encodeParams(params)}`);
    return response.blob();
  }

  /**
   * GET and DELETE carry their parameters in the query, POST and PUT as a form body, as the
   * official console sends them (the server reads both).
   */
  call<T>(method: string, path: string, params?: Params, headers?: Record<string, string>): Promise<T> {
    const query = encodeParams(params);
    if (method === 'GET' || method === 'DELETE') {
      return this.send<T>(method, query ? `${path}?${query}` : path, undefined, headers);
    }
    return this.send<T>(method, path, new URLSearchParams(query), headers);
  }

  private async send<T>(method: string, pathAndQuery: string, body?: BodyInit,
    extraHeaders?: Record<string, string>): Promise<T> {
    const response = await this.exchange(method, pathAndQuery, body, extraHeaders);
    const text = await response.text();
    const type = response.headers.get('Content-Type') ?? '';
    if (!type.includes('json')) {
      return text as unknown as T;
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(t('api.badJson', { call: `${method} ${pathAndQuery.split('?')[0]}` }), response.status);
    }
  }

  private async exchange(method: string, pathAndQuery: string, body?: BodyInit,
    extraHeaders?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    const token = this.options.tokens.get();
    if (token) {
      headers.accessToken = token;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeoutMillis);
    let response: Response;
    try {
      response = await this.fetcher(`${this.options.base}${pathAndQuery}`, { method, headers, body, signal: abort.signal });
    } catch (error) {
      throw new ApiError(abort.signal.aborted
        ? t('api.timeout', { call: `${method} ${pathAndQuery.split('?')[0]}`, seconds: this.timeoutMillis / 1000 })
        : t('api.unreachable', { reason: (error as Error).message }), 0);
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) {
      return response;
    }
    const reason = reasonOf(response.status, await response.text());
    if (response.status === 401 || response.status === 403) {
      this.options.onUnauthorized?.(reason, response.status);
    }
    throw new ApiError(reason, response.status);
  }
}
