// Estimates password strength (zxcvbn-ts) off the request thread (password-strength.ts). Plain JavaScript, so the
// worker starts without a compiler. Its options bound the work: the library's own input cap, and fewer l33t
// substitutions tried (the default 100 held a repeated 128-character phrase for seconds).
/* global process */
import { parentPort, workerData } from 'node:worker_threads';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';

zxcvbnOptions.setOptions({
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
  graphs: zxcvbnCommon.adjacencyGraphs,
  translations: zxcvbnEnglish.translations,
  maxLength: workerData.maxLength,
  l33tMaxSubstitutions: workerData.l33tMaxSubstitutions,
});

parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    parentPort.postMessage({ id, score: zxcvbn(String(password), userInputs).score });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
process.on('uncaughtException', () => process.exit(1));
// Loaded and listening: the estimates' deadlines count from here, not from the worker's start (password-strength.ts).
parentPort.postMessage({ ready: true });
