import { Router } from 'express';
import { COUNTRIES } from '@ifu/contracts';
import type { GeolocationResponse } from '@ifu/contracts/public';
import type { AppContext } from '../platform/app-context';

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** Longest Accept-Language looked at; browsers send a few dozen characters. */
const ACCEPT_LANGUAGE_MAX = 500;
/** A language tag's parts: language, optional script, region (two letters); anything after is ignored. */
const TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:-|$)/;
const QUALITY = /^q=(\d(?:\.\d{0,3})?)$/i;

/** A code of the product's country list (services/contracts/src/countries.ts), upper-cased, or undefined. */
export function knownCountry(code: string | undefined): string | undefined {
  const upper = code?.trim().toUpperCase();
  return upper !== undefined && COUNTRY_NAMES.has(upper) ? upper : undefined;
}

/**
 * The country of the first language tag, in the order the browser lists them, that names a region of the product's
 * country list ('de-CH' → 'CH', 'zh-Hant-TW' → 'TW'); tags refused with q=0 are skipped. Undefined when none does.
 * Bounded: only the first 500 characters are read.
 */
export function countryFromAcceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.slice(0, ACCEPT_LANGUAGE_MAX).split(',')) {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim());
    const quality = params.map((p) => QUALITY.exec(p)?.[1]).find((q) => q !== undefined);
    if (quality !== undefined && Number(quality) === 0) continue;
    const country = knownCountry(TAG.exec(tag)?.[1]);
    if (country) return country;
  }
  return undefined;
}

/**
 * The visitor's country (spec §3 geolocation response, §7.5), worked out here and never asked of a third party:
 * the country header of the trusted proxy when GEO_COUNTRY_HEADER names one, else the region of the browser's
 * languages, else nulls. The code is always one of the product's list, the name the list's.
 */
export function geolocate(headers: { countryHeader?: string; acceptLanguage?: string }): GeolocationResponse {
  const code = knownCountry(headers.countryHeader) ?? countryFromAcceptLanguage(headers.acceptLanguage);
  return { country_code: code ?? null, country_name: (code && COUNTRY_NAMES.get(code)) ?? null };
}

/** GET /module2/geolocation: the search form's country, prefilled. Personal to the caller: never cached. */
export function geolocationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/module2/geolocation', (req, res) => {
    const header = ctx.config.GEO_COUNTRY_HEADER;
    const body = geolocate({
      countryHeader: header ? req.get(header)?.slice(0, 10) : undefined,
      acceptLanguage: req.get('accept-language'),
    });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });
  return router;
}
