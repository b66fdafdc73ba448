import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../platform/threads.ts';

/**
 * zxcvbn scores 0-4; 3 is "safely unguessable" (about 10^8 guesses and more): "Summer2024!" and
 * "Malaysia123" score lower, "correct horse" and "lantern-quiet-87" do not.
 */
export const PASSWORD_SCORE_MIN = 3;
/**
 * What zxcvbn reads of a password: its first 64 characters (a longer one is judged by them), and at
 * most 8 look-alike substitutions (its l33t matcher grows exponentially with them). Bounded so, one
 * check takes at most a few hundred milliseconds of the worker, typically 10-20.
 */
const MAX_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 8;
/** A check that takes longer than this (the worker stuck or gone) passes: the list check still applies. */
const CHECK_TIMEOUT_MS = 10_000;
/** The worker (and its dictionaries, tens of MB) goes after this long without a check. */
const IDLE_MS = 60_000;

/**
 * Malaysian words people build passwords from, most common first (zxcvbn ranks a dictionary by
 * position): the country, states, federal territories and cities, and everyday words of affection,
 * faith and home. Written without spaces, as in passwords.
 */
export const malaysianWords = [
  'malaysia',
  'sayang',
  'cinta',
  'sayangku',
  'cintaku',
  'rahsia',
  'katalaluan',
  'merdeka',
  'kualalumpur',
  'selangor',
  'johor',
  'penang',
  'pulaupinang',
  'sabah',
  'sarawak',
  'kedah',
  'kelantan',
  'terengganu',
  'pahang',
  'perak',
  'perlis',
  'melaka',
  'malacca',
  'negerisembilan',
  'putrajaya',
  'labuan',
  'johorbahru',
  'ipoh',
  'kuching',
  'kotakinabalu',
  'shahalam',
  'petalingjaya',
  'georgetown',
  'seremban',
  'klang',
  'subang',
  'cyberjaya',
  'kuantan',
  'kotabharu',
  'alorsetar',
  'miri',
  'sibu',
  'muar',
  'taiping',
  'malaysian',
  'manja',
  'comel',
  'rindu',
  'kekasih',
  'abang',
  'adik',
  'kakak',
  'ayah',
  'emak',
  'mama',
  'papa',
  'suami',
  'isteri',
  'kampung',
  'rakyat',
  'harimau',
  'bunga',
  'durian',
  'nasilemak',
  'terimakasih',
  'selamat',
  'bismillah',
  'insyaallah',
  'alhamdulillah',
  'boleh',
  'kedai',
];

interface Answer {
  id: number;
  score?: number;
  error?: string;
}

/**
 * zxcvbn-ts's score of a password (0-4), computed in a worker thread started on first use; null when
 * it could not be computed. `userInputs` are words of the account (its e-mail, name) that count as
 * guessable.
 */
export function createPasswordStrength(log: { warn(obj: object, msg: string): void }) {
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, (score: number | null) => void>();

  const stop = () => {
    const w = worker;
    worker = null;
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
    if (w) void w.terminate();
  };

  function start(): Worker {
    const w = startWorker('features/auth/password-strength.worker.mjs', {
      workerData: {
        malaysianWords,
        maxLength: MAX_LENGTH,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      },
    });
    w.unref();
    w.on('message', ({ id, score, error }: Answer) => {
      if (error) log.warn({ error }, 'password strength could not be estimated');
      waiting.get(id)?.(typeof score === 'number' ? score : null);
      waiting.delete(id);
    });
    w.on('error', (error) => {
      log.warn({ err: error }, 'the password strength worker failed');
      if (worker === w) stop();
    });
    return w;
  }

  return {
    score(password: string, userInputs: string[]): Promise<number | null> {
      worker ??= start();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stop, IDLE_MS);
      idleTimer.unref();
      const id = nextId++;
      const active = worker;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          log.warn({}, 'password strength took too long to estimate');
          resolve(null);
        }, CHECK_TIMEOUT_MS);
        timer.unref();
        waiting.set(id, (score) => {
          clearTimeout(timer);
          resolve(score);
        });
        active.postMessage({ id, password, userInputs });
      });
    },
    close: stop,
  };
}

export type PasswordStrength = ReturnType<typeof createPasswordStrength>;
