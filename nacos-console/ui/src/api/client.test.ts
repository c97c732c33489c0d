import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError, encodeParams, reasonOf, TokenStore } from './client';

function memoryTokens(token: string | null = null): TokenStore {
  let held = token;
  return { get: () => held, set: (value) => { held = value; } };
}

interface Sent { url: string; init: RequestInit }

function answering(status: number, body: string, type = 'application/json', sent: Sent[] = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(body, { status, headers: { 'Content-Type': type } });
  }) as unknown as typeof fetch;
}

describe('ApiClient', () => {
  it('sends the token as a header, never in the URL, and GET parameters in the query', async () => {
    const sent: Sent[] = [];
    const client = new ApiClient({ base: '/nacos', tokens: memoryTokens('t0k'), fetcher: answering(200, '{"a":1}', 'application/json', sent) });
    expect(await client.get('/v1/x', { dataId: 'd', empty: undefined, group: '' })).toEqual({ a: 1 });
    expect(sent[0].url).toBe('/nacos/v1/x?dataId=d&group=');
    expect(sent[0].url).not.toMatch(/t0k/);
    expect((sent[0].init.headers as Record<string, string>).accessToken).toBe('t0k');
  });

  it('sends POST parameters as a form and extra headers as given', async () => {
    const sent: Sent[] = [];
    const client = new ApiClient({ base: '', tokens: memoryTokens(), fetcher: answering(200, 'true', 'application/json', sent) });
    expect(await client.post('/v1/cs/configs', { dataId: 'd', content: 'a=1&b' }, { casMd5: 'm' })).toBe(true);
    expect(String(sent[0].init.body)).toBe('dataId=d&content=a%3D1%26b');
    expect((sent[0].init.headers as Record<string, string>).casMd5).toBe('m');
  });

  it('turns an error answer into the server\'s reason and tells of 401 and 403', async () => {
    const refusals: Array<[string, number]> = [];
    const client = new ApiClient({ base: '', tokens: memoryTokens('old'), fetcher: answering(403, 'caused: authorization failed!;', 'text/plain'),
      onUnauthorized: (reason, status) => refusals.push([reason, status]) });
    await expect(client.get('/v1/x')).rejects.toMatchObject({ message: 'caused: authorization failed!;', status: 403 });
    expect(refusals).toEqual([['caused: authorization failed!;', 403]]);
  });

  it('says when an answer that claims JSON is not', async () => {
    const client = new ApiClient({ base: '', tokens: memoryTokens(), fetcher: answering(200, '{"pageItems": [') });
    await expect(client.get('/v1/cs/configs')).rejects.toThrow(/not valid JSON/);
  });

  it('gives up after its timeout with a message that says so', async () => {
    const hanging = ((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
    })) as unknown as typeof fetch;
    const client = new ApiClient({ base: '', tokens: memoryTokens(), fetcher: hanging, timeoutMillis: 50 });
    const failure = await client.get('/v1/slow').catch((error: ApiError) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).message).toMatch(/did not answer GET \/v1\/slow within 0.05 s/);
  });

  it('reads reasons from envelopes and plain text', () => {
    expect(reasonOf(400, '{"code":400,"message":"dataId is missing","data":null}')).toBe('dataId is missing');
    expect(reasonOf(500, '{"status":500,"error":"Internal Server Error"}')).toBe('Internal Server Error');
    expect(reasonOf(400, '{"code":20002,"message":"parameter validate error","data":"version is missing"}'))
      .toBe('parameter validate error: version is missing');
    expect(reasonOf(502, '')).toBe('the server answered 502 with no reason');
    expect(encodeParams({ a: 1, b: true, c: null })).toBe('a=1&b=true');
  });
});
