import { resolve } from 'node:path';

/**
 * The one directory argument of `npm run backup -- --to <dir>` and `npm run restore -- --from <dir>`, resolved to
 * an absolute path; undefined when the arguments are anything else.
 */
export function directoryArgument(args: readonly string[], flag: '--to' | '--from'): string | undefined {
  if (args.length !== 2 || args[0] !== flag) return undefined;
  const directory = args[1]!.trim();
  if (directory === '' || directory.length > 4096 || directory.startsWith('--')) return undefined;
  return resolve(directory);
}
