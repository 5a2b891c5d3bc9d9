import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test-support/test-api';

/** GET /module2/geolocation (spec §3, §7.5): worked out from the request, never asked of a third party. */
describe('geolocation over HTTP', () => {
  const geolocation = (t: TestApi, headers: Record<string, string> = {}) => t.call('GET', '/module2/geolocation', { headers });

  describe('with no trusted country header configured', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi();
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("when the browser's first language with a region is de-CH, then Switzerland, never cached", async () => {
      const answer = await geolocation(t, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' });
      expect(answer).toMatchObject({ status: 200, body: { country_code: 'CH', country_name: 'Switzerland' } });
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    });

    it('when the languages name no region, then nulls', async () => {
      expect((await geolocation(t, { 'accept-language': 'en, fr;q=0.5' })).body).toEqual({ country_code: null, country_name: null });
      expect((await geolocation(t)).body).toEqual({ country_code: null, country_name: null });
    });

    it("when a caller sends a proxy's country header, then it is ignored: only a configured header is trusted", async () => {
      const answer = await geolocation(t, { 'cf-ipcountry': 'FR', 'accept-language': 'en-GB' });
      expect(answer.body).toEqual({ country_code: 'GB', country_name: 'United Kingdom' });
    });
  });

  describe('with GEO_COUNTRY_HEADER=cf-ipcountry', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi({ GEO_COUNTRY_HEADER: 'CF-IPCountry' });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("when the proxy's header names a country, then it wins over the browser's languages", async () => {
      expect((await geolocation(t, { 'cf-ipcountry': 'fr', 'accept-language': 'de-CH' })).body).toEqual({ country_code: 'FR', country_name: 'France' });
    });

    it("when the proxy's header names no country of the list ('XX', Tor's 'T1', garbage), then the languages decide", async () => {
      expect((await geolocation(t, { 'cf-ipcountry': 'XX', 'accept-language': 'de-AT' })).body).toEqual({ country_code: 'AT', country_name: 'Austria' });
      expect((await geolocation(t, { 'cf-ipcountry': 'T1' })).body).toEqual({ country_code: null, country_name: null });
      expect((await geolocation(t, { 'cf-ipcountry': '<script>alert(1)</script>' })).body).toEqual({ country_code: null, country_name: null });
    });
  });
});
