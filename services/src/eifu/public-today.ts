/** The day a public document must be effective by, in UTC ('YYYY-MM-DD'): the same day for the eIFU site and the portal. */
export const publicToday = (now: Date) => now.toISOString().slice(0, 10);
