import { firstUpcomingDateByGtin, firstUpcomingDateByNumber } from '@ifu/projections';
import type { Queryable } from '@ifu/storage/database/database';
import { NOTICE_TEXTS } from './notice-texts';
import type { PageLanguage } from './page-texts';

/** What a page says about an approved leaflet whose day has not come: its title and text in the reader's language. */
export type UpcomingNotice = (lang: PageLanguage) => { title: string; text: string };

/** A GTIN with no leaflet public today: the day its first approved one takes effect, if one is coming. */
export async function upcomingForGtin(db: Queryable, gtin: string, today: string): Promise<UpcomingNotice | undefined> {
  const day = await firstUpcomingDateByGtin(db, gtin, today);
  return day === undefined ? undefined : (lang) => ({ title: NOTICE_TEXTS[lang].notYetInEffect, text: NOTICE_TEXTS[lang].gtinTakesEffect(gtin, day) });
}

/** A document number with no version public today: the day its next approved version takes effect, if one is coming. */
export async function upcomingForDocument(db: Queryable, documentNumber: string, today: string): Promise<UpcomingNotice | undefined> {
  const day = await firstUpcomingDateByNumber(db, documentNumber, today);
  return day === undefined ? undefined : (lang) => ({ title: NOTICE_TEXTS[lang].notYetInEffect, text: NOTICE_TEXTS[lang].documentTakesEffect(documentNumber, day) });
}
