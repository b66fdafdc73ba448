// Estimates a password's strength with zxcvbn-ts in a worker thread: a pathological password can
// take zxcvbn hundreds of milliseconds, which must not hold the server's event loop. Plain
// JavaScript: worker threads load it without the TypeScript loader. Answers { id, score } (0-4) or
// { id, error } for each { id, password, userInputs }.
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';
import { dictionary as indonesian } from '@zxcvbn-ts/language-id';

// Below the event loop's priority (as threads.ts lowerThreadPriority: on Linux a nice value is the thread's own).
if (process.platform === 'linux') {
  try {
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {}
}

const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  // Indonesian is the closest of zxcvbn's languages to Malay; the server adds Malaysian words.
  dictionary: { ...common, ...english, ...indonesian, malaysian: workerData.malaysianWords },
  maxLength: workerData.maxLength,
  l33tMaxSubstitutions: workerData.l33tMaxSubstitutions,
});

parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    parentPort.postMessage({ id, score: zxcvbn.check(password, userInputs).score });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
