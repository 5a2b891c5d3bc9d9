// eifu/'s public entry: what the other features use of it (services/boundaries.js).
export { parseAcceptLanguage } from './choose';
export { labelUrlOf, permalinkOf } from './labels';
export { countOpenDownload, startOpenDownloadSummaries } from './open-downloads';
export { currencyFactsOf, currencyPageFor, currencyPageForBytes, markStamp } from './stamped-download';
export { publicToday } from './public-today';
export { isResolverPath } from './resolver-paths';
