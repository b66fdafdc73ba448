import type { InboxState, InboxView } from '@balas/contracts';

/**
 * The one rule of a conversation's inbox state and of the views (issues 26.2, 27.3; contracts
 * inbox-views.ts), written once here as a small formula and compiled both to TypeScript (the rows,
 * `inboxStateOf`) and to SQL (the views' conditions, views.service.ts, and the counts' tally
 * function `inbox_tally_of`, migration 0021, whose text the tests compare with `tallyFunctionSql`).
 */

/** What the state reads of a conversation (and of its shop: the effective switch). */
export interface StateFacts {
  resolvedAt: Date | null;
  snoozedUntil: Date | null;
  /** When a snooze ended (its time, or the shopper's message that ended it); see `woken`. */
  wokeAt: Date | null;
  latestAt: Date;
  handedOver: boolean;
  lastFrom: 'customer' | 'agent' | 'bot' | null;
  /** The effective bot switch: the conversation's override, else the shop's. */
  botOn: boolean;
  answerDue: boolean;
  unreadCount: number;
  /** A draft of the bot waits for approval until then (its response window runs low after it). */
  draftUntil: Date | null;
}

/** Each fact as SQL text, and the moment the state is taken at. */
export type StateColumns = Record<
  | 'resolvedAt'
  | 'snoozedUntil'
  | 'wokeAt'
  | 'latestAt'
  | 'handedOver'
  | 'lastFrom'
  | 'botOn'
  | 'answerDue'
  | 'unreadCount'
  | 'draftUntil'
  | 'now',
  string
>;

/**
 * A condition in negation normal form: every atom knows its own negation, so the SQL is plain
 * conjunctions the planner matches with the partial indexes' predicates, and no NULL is ever negated.
 */
interface Formula {
  ts(f: StateFacts, now: Date): boolean;
  sql(c: StateColumns): string;
  not(): Formula;
}

function atom(
  ts: (f: StateFacts, now: Date) => boolean,
  yes: (c: StateColumns) => string,
  no: (c: StateColumns) => string,
): Formula {
  const positive: Formula = { ts, sql: yes, not: () => negative };
  const negative: Formula = { ts: (f, now) => !ts(f, now), sql: no, not: () => positive };
  return positive;
}
/** `not()` made once, so a negated case is the same object wherever it appears. */
function withNot(f: Omit<Formula, 'not'>, negate: () => Formula): Formula {
  let negated: Formula | undefined;
  return { ...f, not: () => (negated ??= negate()) };
}
const always: Formula = { ts: () => true, sql: () => 'true', not: () => any() };
function all(...given: Formula[]): Formula {
  const parts = given.filter((p) => p !== always);
  return withNot(
    {
      ts: (f, now) => parts.every((p) => p.ts(f, now)),
      sql: (c) => (parts.length ? `(${parts.map((p) => p.sql(c)).join(' and ')})` : 'true'),
    },
    () => any(...parts.map((p) => p.not())),
  );
}
function any(...parts: Formula[]): Formula {
  return withNot(
    {
      ts: (f, now) => parts.some((p) => p.ts(f, now)),
      sql: (c) => (parts.length ? `(${parts.map((p) => p.sql(c)).join(' or ')})` : 'false'),
    },
    () => all(...parts.map((p) => p.not())),
  );
}

// ---- the facts --------------------------------------------------------------------------------------
const resolved = atom(
  (f) => f.resolvedAt !== null,
  (c) => `${c.resolvedAt} is not null`,
  (c) => `${c.resolvedAt} is null`,
);
const snoozedAhead = atom(
  (f, now) => f.snoozedUntil !== null && f.snoozedUntil > now,
  (c) => `(${c.snoozedUntil} is not null and ${c.snoozedUntil} > ${c.now})`,
  (c) => `(${c.snoozedUntil} is null or ${c.snoozedUntil} <= ${c.now})`,
);
/**
 * A snooze ended and nobody has written since: at its time (before the wake job copies it to
 * `woke_at`, the passed `snoozed_until` says it), or at the shopper's message that ended it early.
 * A reply (a person's or the bot's) ends it; so do resolve, snooze, reopen and hand back.
 */
const wokeAtOf = (f: StateFacts, now: Date) =>
  f.snoozedUntil !== null && f.snoozedUntil <= now ? f.snoozedUntil : f.wokeAt;
const wokeSql = (c: StateColumns) =>
  `coalesce(case when ${c.snoozedUntil} <= ${c.now} then ${c.snoozedUntil} end, ${c.wokeAt})`;
const woken = atom(
  (f, now) => {
    const at = wokeAtOf(f, now);
    return at !== null && at >= f.latestAt;
  },
  (c) => `${wokeSql(c)} >= ${c.latestAt}`,
  (c) => `coalesce(${wokeSql(c)} < ${c.latestAt}, true)`,
);
const handedOver = atom(
  (f) => f.handedOver,
  (c) => c.handedOver,
  (c) => `not ${c.handedOver}`,
);
const lastFrom = (who: 'customer' | 'agent') =>
  atom(
    (f) => f.lastFrom === who,
    (c) => `${c.lastFrom} = '${who}'`,
    (c) => `${c.lastFrom} is distinct from '${who}'`,
  );
const botOn = atom(
  (f) => f.botOn,
  (c) => c.botOn,
  (c) => `not ${c.botOn}`,
);
const answerDue = atom(
  (f) => f.answerDue,
  (c) => c.answerDue,
  (c) => `not ${c.answerDue}`,
);
const draftWaiting = atom(
  (f) => f.draftUntil !== null,
  (c) => `${c.draftUntil} is not null`,
  (c) => `${c.draftUntil} is null`,
);
/** A draft waits and its response window is not running low yet. */
const draftAhead = atom(
  (f, now) => f.draftUntil !== null && f.draftUntil > now,
  (c) => `(${c.draftUntil} is not null and ${c.draftUntil} > ${c.now})`,
  (c) => `(${c.draftUntil} is null or ${c.draftUntil} <= ${c.now})`,
);
const unread = atom(
  (f) => f.unreadCount > 0,
  (c) => `${c.unreadCount} > 0`,
  (c) => `${c.unreadCount} <= 0`,
);

// ---- the rule -----------------------------------------------------------------------------------------
/**
 * The state, first that applies:
 * resolved   resolved by the merchant (a new shopper message reopens it);
 * snoozed    snoozed and its time is ahead;
 * draft      a draft of the bot waits for a person's approval, the chat is not handed over, and its
 *            response window is not running low (after that the shopper, who wrote last and is
 *            owed nothing by the bot, is the merchant's: needs_you);
 * needs_you  handed over and no person of the shop has answered since; or the shopper wrote last
 *            and the bot owes them nothing (its switch is off, or it decided and did not answer);
 *            or a snooze ended (its time came, or the shopper wrote) and nobody has written since;
 * bot        the shopper wrote last and the bot's answer is due (it is answering);
 * waiting    the shop wrote last (a person or the bot): waiting on the shopper.
 */
const stateRule: [InboxState, Formula][] = [
  ['resolved', resolved],
  ['snoozed', snoozedAhead],
  ['draft', all(draftAhead, handedOver.not())],
  [
    'needs_you',
    any(
      all(handedOver, lastFrom('agent').not()),
      all(lastFrom('customer'), all(botOn, answerDue).not()),
      woken,
    ),
  ],
  ['bot', lastFrom('customer')],
  ['waiting', always],
];

/**
 * The conversation is in one of `states`: a case of the set and none of the cases before it,
 * leaving out the cases before that are in the set too (had one applied, the state would be in the
 * set anyway), and a case whose conditions hold another's whole (that one says it already).
 */
function inState(...states: InboxState[]): Formula {
  const terms: Formula[][] = [];
  stateRule.forEach(([state, when], i) => {
    if (!states.includes(state)) return;
    const before = stateRule.slice(0, i).filter(([s]) => !states.includes(s));
    terms.push([...before.map(([, b]) => b.not()), when].filter((p) => p !== always));
  });
  const kept = terms.filter(
    (t, i) => !terms.some((o, j) => j !== i && o.length < t.length && o.every((p) => t.includes(p))),
  );
  return any(...kept.map((t) => all(...t)));
}

/**
 * Which conversations each view lists (the counts say the same):
 * needs_you, waiting, snoozed, resolved  that state;
 * drafts  a draft waits for approval (running low or not), neither resolved nor snoozed;
 * bot     the bot is in charge (switch on, not handed over) and nothing needs the merchant: it is
 *         answering, or it (or a person) answered and the shopper is next;
 * unread  unread shopper messages, neither resolved nor snoozed;
 * all     every conversation.
 */
const viewRule: Record<InboxView, Formula> = {
  needs_you: inState('needs_you'),
  drafts: all(draftWaiting, inState('resolved', 'snoozed').not()),
  waiting: inState('waiting'),
  snoozed: inState('snoozed'),
  bot: all(botOn, handedOver.not(), inState('bot', 'waiting')),
  unread: all(unread, inState('resolved', 'snoozed').not()),
  resolved: inState('resolved'),
  all: always,
};

export function inboxStateOf(f: StateFacts, now = new Date()): InboxState {
  return stateRule.find(([, when]) => when.ts(f, now))![0];
}

export const inView = (view: InboxView, f: StateFacts, now = new Date()) => viewRule[view].ts(f, now);

/** The view's condition as SQL over the columns given. */
export const viewSql = (view: InboxView, columns: StateColumns) => viewRule[view].sql(columns);

/** The counted views; `on`/`off`: counted as the shop's switch is (the others do not depend on it). */
export const countedViews = [
  'needs_you',
  'drafts',
  'waiting',
  'snoozed',
  'bot',
  'unread',
  'resolved',
  'all',
] as const;
export const switchViews = ['needs_you', 'bot'] as const;
/** The tally columns of `inbox_tallies`, in the order of the function's OUT parameters. */
export const tallyColumns = countedViews.flatMap((v) =>
  (switchViews as readonly string[]).includes(v) ? [`${v}_on`, `${v}_off`] : [v],
);

/**
 * `inbox_tally_of` (migration 0021): what one conversation adds to its shop's counts at moment
 * `at` ('-infinity' in the tallies: a snooze or a draft's time never passes there; the counts add
 * the passed ones).
 */
export function tallyFunctionSql(): string {
  const columns = (bot: string): StateColumns => ({
    resolvedAt: 'resolved_at',
    snoozedUntil: 'snoozed_until',
    wokeAt: 'woke_at',
    latestAt: 'latest_at',
    handedOver: 'handed_over',
    lastFrom: 'last_from',
    botOn: bot,
    answerDue: 'answer_due',
    unreadCount: 'unread_count',
    draftUntil: 'draft_until',
    now: 'moment',
  });
  const on = columns('coalesce(bot_enabled, true)');
  const off = columns('coalesce(bot_enabled, false)');
  const counted = (c: StateColumns, view: InboxView) => `case when ${viewSql(view, c)} then 1 else 0 end`;
  const outputs = countedViews.flatMap((v) =>
    (switchViews as readonly string[]).includes(v) ? [counted(on, v), counted(off, v)] : [counted(on, v)],
  );
  return `CREATE FUNCTION "inbox_tally_of"("resolved_at" timestamptz, "snoozed_until" timestamptz,
    "woke_at" timestamptz, "latest_at" timestamptz, "handed_over" boolean, "last_from" text,
    "bot_enabled" boolean, "answer_due" boolean, "unread_count" integer, "draft_until" timestamptz,
    "moment" timestamptz, ${tallyColumns.map((c) => `OUT "${c}" integer`).join(', ')})
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    ${outputs.join(',\n    ')}
$$;`;
}
