// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, identifyMoment, identifyPayload, parseAnalyticsSink } from '../../../src/lib/analytics.ts';
import { readPublicConfig } from '../../../src/shared/config.ts';

const user = {
  id: '651000000000000000000004',
  first_name: 'Wendy',
  last_name: 'Writer',
  email: 'writer@northwind.test',
  created_at: '2025-03-04T10:00:00.000Z',
  // What the current user carries besides: none of it is sent.
  super_admin: false,
  access_grants: [],
};
const company = {
  id: '650000000000000000000003',
  name: 'Northwind Media',
  created_at: '2024-01-15T09:00:00.000Z',
  theme: { primary_colour: '#000000' },
};

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the identify call (spec §7)', () => {
  it("sends the user's name, e-mail and created date, and the company's id, name and created date", () => {
    expect(identifyPayload(user, company)).toEqual({
      type: 'identify',
      userId: user.id,
      user: { name: 'Wendy Writer', email: 'writer@northwind.test', created_at: '2025-03-04T10:00:00.000Z' },
      company: { id: company.id, name: 'Northwind Media', created_at: '2024-01-15T09:00:00.000Z' },
    });
  });

  it('happens on sign-in and on account switch, not on a reload', () => {
    // The first account shown after the login page (which adds ?login=true).
    expect(identifyMoment(null, 'a', '?login=true')).toBe('sign-in');
    expect(identifyMoment(null, 'a', '?next=x&login=true')).toBe('sign-in');
    expect(identifyMoment(null, 'a', '')).toBeNull();
    expect(identifyMoment('a', 'b', '')).toBe('switch');
    expect(identifyMoment('a', 'a', '?login=true')).toBeNull();
  });

  it('is off by default: nothing is sent without a configured sink', () => {
    expect(readPublicConfig({}).analyticsSink).toBe('');
    expect(parseAnalyticsSink('')).toEqual({ kind: 'off' });
    expect(parseAnalyticsSink('htp:/typo')).toEqual({ kind: 'off' });
    expect(parseAnalyticsSink('http://insecure.example/collect')).toEqual({ kind: 'off' });
    const send = vi.fn(() => Promise.resolve());
    createAnalytics({ kind: 'off' }, send).identify(user, company);
    expect(send).not.toHaveBeenCalled();
  });

  it('posts the payload as JSON to a URL sink, once per user and company until sign-out', () => {
    expect(parseAnalyticsSink(' https://collect.example/v1/identify ')).toEqual({
      kind: 'http',
      url: 'https://collect.example/v1/identify',
    });
    expect(readPublicConfig({ PUBLIC_ANALYTICS_SINK: '/analytics' }).analyticsSink).toBe('/analytics');
    const send = vi.fn((_url: string, _body: string) => Promise.resolve());
    const analytics = createAnalytics({ kind: 'http', url: '/analytics' }, send);
    analytics.identify(user, company);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, body] = send.mock.calls[0] as [string, string];
    expect(url).toBe('/analytics');
    expect(JSON.parse(body)).toEqual(identifyPayload(user, company));
    // A reload on the same account adds nothing; a switch identifies the new company.
    analytics.identify(user, company);
    expect(send).toHaveBeenCalledTimes(1);
    analytics.identify(user, { ...company, id: '650000000000000000000004', name: 'Contoso Partners' });
    expect(send).toHaveBeenCalledTimes(2);
    expect((JSON.parse(send.mock.calls[1]![1]) as { company: { name: string } }).company.name).toBe('Contoso Partners');
    analytics.reset();
    analytics.identify(user, company);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('writes to the console with the console sink, and a failing service never throws', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    createAnalytics(parseAnalyticsSink('console')).identify(user, company);
    expect(info).toHaveBeenCalledWith('[analytics] identify', identifyPayload(user, company));
    const failing = createAnalytics({ kind: 'http', url: 'https://down.example' }, () =>
      Promise.reject(new Error('x')),
    );
    expect(() => failing.identify(user, company)).not.toThrow();
    await Promise.resolve();
  });
});
