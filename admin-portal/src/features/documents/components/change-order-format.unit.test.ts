import { describe, expect, it } from 'vitest';

import { accessibilityLabel, countryListNames, formatEffectiveDate, formatUtcDateTime, languageListNames, versionChange } from './change-order-format';

describe('change order formats', () => {
  it('shows an effective date dd/MM/y as the recorded day, whatever the time zone', () => {
    expect(formatEffectiveDate('2026-12-01')).toBe('01/12/2026');
    expect(formatEffectiveDate('2026-01-31')).toBe('31/01/2026');
    expect(formatEffectiveDate('not a day')).toBe('not a day');
  });

  it('names countries and languages from their codes, keeping an unknown code as it is', () => {
    expect(countryListNames('DE,US')).toBe('Germany, United States');
    expect(countryListNames(' fr , XX ')).toBe('France, XX');
    expect(languageListNames('de,en')).toBe('German, English');
    expect(languageListNames('FR,zz')).toBe('French, zz');
    expect(countryListNames('')).toBe('');
  });

  it('shows a signature time in UTC with seconds', () => {
    expect(formatUtcDateTime('2026-11-23T09:05:07.123Z')).toBe('23/11/2026 09:05:07 UTC');
    expect(formatUtcDateTime('2026-11-23T23:30:00-02:00')).toBe('24/11/2026 01:30:00 UTC');
  });

  it('reads isInternal as the spec does: true is Offline, false is Online', () => {
    expect(accessibilityLabel(true)).toBe('Offline');
    expect(accessibilityLabel(false)).toBe('Online');
  });
});

describe('versionChange', () => {
  it('names the field as the view does and shows codes as names, a file hash shortened', () => {
    expect(versionChange({ field: 'countryList', old: 'DE,US', new: 'DE,FR' })).toEqual({ label: 'Country', old: 'Germany, United States', new: 'Germany, France' });
    expect(versionChange({ field: 'languageList', old: 'de', new: 'de,fr' })).toEqual({ label: 'Language', old: 'German', new: 'German, French' });
    expect(versionChange({ field: 'sha256', old: 'a'.repeat(64), new: 'b'.repeat(64) })).toEqual({ label: 'File content (SHA-256)', old: 'a'.repeat(12), new: 'b'.repeat(12) });
    expect(versionChange({ field: 'somethingNew', old: 'x', new: 'y' })).toEqual({ label: 'somethingNew', old: 'x', new: 'y' });
  });
});
