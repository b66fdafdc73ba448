import { countWords, formatCount, noun } from './count-words.ts';

/**
 * The Insights page's words: apart from `messages` so that the dashboard's first load (which
 * imports `messages`) does not carry them.
 */
export const insightsMessages = {
  title: 'Insights',
  fromAndTo: 'Give both the first and the last day',
  toBeforeFrom: 'The last day comes before the first day',
  tooLong: (max: number) => `Choose a period of at most ${max} days`,
  topicRequired: 'Pick a topic or name a new one',
  knowledgeRequired: 'Write the answer the bot should give',
  topicFull: (max: number) =>
    `This topic already has ${max} entries of that kind. Pick another topic or make a new one.`,
  gapsEmpty:
    'No knowledge gaps. Questions the bot could not answer, or handed over because it did not know, will appear here, grouped when they ask the same thing.',
  gapsEmptyDismissed: 'Dismissed questions stay hidden until a shopper asks the same thing again.',
  noShops: 'Connect a shop to see how the bot and your team are doing.',
  /** Under each figure: what it counts, with counts that agree with their nouns. */
  details: {
    chats: (shopperMessages: number, previousChats: number, previousMessages: number) =>
      `${countWords.shopperMessages(shopperMessages)} (previous period: ${countWords.chats(previousChats)}, ${countWords.messages(previousMessages)})`,
    botResolved: (resolved: number, closed: number, open: number, previousShare: string) =>
      `${formatCount(resolved)} of ${countWords.closedChats(closed)}${open > 0 ? ` · ${formatCount(open)} still open` : ''} (previous: ${previousShare})`,
    handedOver: (handedOver: number, chats: number, previousRate: string) =>
      `${formatCount(handedOver)} of ${countWords.chats(chats)} (previous: ${previousRate})`,
    firstResponse: (f: {
      botP90: string;
      botChats: number;
      teamP90: string;
      teamChats: number;
      unanswered: number;
      previousBot: string;
      previousTeam: string;
    }) =>
      `Median; 90% within ${f.botP90} (bot, ${countWords.chats(f.botChats)}) and ${f.teamP90} (team, ${countWords.chats(f.teamChats)})${f.unanswered > 0 ? ` · ${countWords.chats(f.unanswered)} not answered yet` : ''}. Previous: ${f.previousBot} bot, ${f.previousTeam} team.`,
    window: (within: number, due: number, previousShare: string) =>
      `${formatCount(within)} of ${countWords.marketplaceChats(due)} (previous: ${previousShare})`,
    vouchers: (previous: number) => `Previous period: ${formatCount(previous)}`,
    /** After the count shown large. */
    shopperMessagesInPeriod: (n: number) => `${noun(n, 'shopper message')} in the period`,
    answersFromTopics: (n: number) => `${noun(n, 'answer')} from your topics in the period`,
    busiestHour: (max: number) => `Darker is busier; the busiest hour had ${countWords.messages(max)}.`,
    hourCell: (day: string, hour: number, n: number) =>
      `${day} ${hour}:00 – ${countWords.shopperMessages(n)}`,
    gapQuestions: (n: number) => countWords.questions(n),
  },
  /** Each chart has a table of the same figures. */
  chart: {
    perDay: (title: string) => `${title} per day`,
    showTable: 'Show as a table',
    showChart: 'Show as a chart',
    day: 'Day',
  },
  /** One definition per figure, shown on the page beside it. */
  definitions: {
    chat: 'A chat starts with a shopper message after 24 hours without one (or the first ever) and holds everything until the next such message. Days and hours are counted in each shop’s time zone.',
    chats: 'Chats that started in the period, and messages shoppers sent in it.',
    botResolved:
      'Chats where the bot replied, no person of the shop wrote, nothing was handed over, and the bot replied after the shopper’s last message. A chat closes 24 hours after the shopper’s last message: the share counts closed chats only, so a shopper who comes back within 24 hours is still part of the same chat.',
    handover:
      'Chats the bot or the shopper handed over to the shop’s people, with the reason recorded at the first handover of each chat.',
    firstResponse:
      'The bot: from the first shopper message it could answer (sent while the bot was on for the chat, or waiting when the bot was switched on or handed the chat back, then from that moment) to its first reply. Your team: from the chat’s first shopper message to the first reply a person of the shop wrote. Median and 90th percentile of the chats that got one.',
    window:
      'Marketplace chats whose first reply (bot or person) came within the platform’s response window, out of chats that were answered or whose deadline has passed.',
    busiestHours: 'Shopper messages by weekday and hour, in each shop’s time zone.',
    topSources: 'What the bot’s answers to shoppers came from: topics you wrote and files you uploaded.',
    vouchers: 'Vouchers the bot offered in chats.',
    gaps: 'Questions the bot handed over because it did not know the answer, grouped when they ask the same thing in any language.',
  },
} as const;
