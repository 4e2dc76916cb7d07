import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerShapeError, callEndpoint } from '../../../src/lib/endpoint-call.ts';
import { messages } from '../../../src/shared/messages.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answering(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(json(body, status));
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const id = 'a'.repeat(24);

describe('callEndpoint', () => {
  it("builds the request from the endpoint's method and path, and answers the parsed body", async () => {
    const calls = answering({ data: { id, measurements: 3, saved_reports: 1, extra: 'dropped' } });
    const answer = await callEndpoint('labelUsage', { query: { id } });
    expect(calls[0]?.url).toBe(`/api/v1/label-value/usage?id=${id}`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(answer).toEqual({ data: { id, measurements: 3, saved_reports: 1 } });
  });

  it('sends a JSON body with the declared method', async () => {
    const calls = answering({ success: true, message: 'Please check your email' });
    const answer = await callEndpoint('forgottenPassword', { body: { email: 'ada@example.com' } });
    expect(calls[0]?.url).toBe('/api/v1/forgotten-password');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'ada@example.com' }));
    expect(answer).toEqual({ success: true, message: 'Please check your email' });
  });

  it('refuses an answer its schema does not accept, with the spec text, instead of passing it on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answering({ data: { id, measurements: 'three' } });
    const error = await callEndpoint('labelUsage', { query: { id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect((error as AnswerShapeError).message).toBe(messages.errors.unexpected);
    expect((error as AnswerShapeError).detail).toContain('GET /api/v1/label-value/usage');
  });
});
