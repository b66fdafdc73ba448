// The merchant's words (issues 14 and 26): one glossary for what the dashboard calls the engine's
// workings (questions, answers, passages, how sure the bot is), the training and knowledge pages'
// labels and limits, the bot's state in a chat, and what a copy from another shop brings.
// Apart from `messages` so that the dashboard's first load (which imports `messages`) does not carry
// it: only lazily loaded pages import it. The server's own messages stay in `messages`.
import { chatBotWords } from './chat-bot-words.ts';
import { formatCount, noun, plural } from './count-words.ts';
import { limits } from './limits.ts';

/** At or above this the bot is sure of its answer (the engine answers plainly from here on). */
export const CONFIDENT = 0.6;
/** Below this the bot does not answer and hands the chat over (the engine's DEFAULT_MIN_CONFIDENCE). */
export const KNOWS = 0.3;

/** A file size a merchant can read: bytes, KB or MB, never '0.0 MB'. */
const fileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** "a, b and c". */
const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

type EntryKind = 'information' | 'response';
const entryNoun = { information: 'shopper question', response: 'answer' } as const;

export const glossary = {
  /** A topic's categorization entries. */
  questions: 'Shopper questions',
  questionsHint: 'How shoppers ask about this topic: the bot uses these to know a question belongs here.',
  /** A topic's knowledge entries. */
  answers: 'Answers',
  answersHint: 'What the bot should tell shoppers about this topic.',
  /** A ready file's chunks. */
  passages: (n: number) => `Ready · ${plural(n, 'passage')}`,
  fileSize,

  /**
   * How sure the bot is of an answer, in words and never as a percentage (a score means nothing to a
   * merchant), with what it means for them.
   */
  confidence: (confidence: number) =>
    confidence >= CONFIDENT
      ? {
          label: 'Confident',
          hint: 'Your topics, files or products answer this question clearly. The bot replies like this to shoppers.',
        }
      : confidence >= KNOWS
        ? {
            label: 'Unsure',
            hint: 'The bot found something related, but not a clear answer. Check the reply; a topic with this question and its answer makes it sure.',
          }
        : {
            label: 'Does not know',
            hint: 'Nothing in your topics, files or products answers this, so the bot hands the chat to your team. Add the answer to a topic to teach it.',
          },

  /** Why the bot hands a chat over, as the simulator says it. */
  handover: {
    asked_for_human: 'The shopper asked for a person',
    angry: 'The shopper seems upset',
    low_confidence: 'The bot was not sure of the answer',
  } as Record<string, string>,

  /** Where an answer came from: a topic by its name, a file by its name, a product by its name. */
  sources: {
    topic: (name: string) => `Topic: ${name}`,
    file: (name: string) => `Document: ${name}`,
    /** The product's own description. Null while its name is read, or when the catalogue lacks it. */
    product: (name: string | null) => (name ? `Product: ${name}` : 'Product'),
    /** Product information the merchant wrote for the product. */
    productInfo: (name: string | null) => (name ? `Product information: ${name}` : 'Product information'),
  },

  /** The bot's state in one conversation (its own module: the Inbox imports it without the rest). */
  chatBot: chatBotWords,

  /** Train Chatbot and the topic page. */
  topics: {
    newTopic: 'New topic',
    nameLabel: 'Topic name',
    nameHint: 'For example: Shipping, Returns, Sizes',
    /** "3 of 5 shopper questions". */
    count: (kind: EntryKind, n: number, max: number) =>
      `${formatCount(n)} of ${formatCount(max)} ${noun(max, entryNoun[kind])}`,
    add: (kind: EntryKind) => (kind === 'information' ? 'Add a question' : 'Add an answer'),
    /** Shown beside the add button once the topic is full, before anything is refused. */
    full: (kind: EntryKind, max: number) =>
      kind === 'information'
        ? `A topic holds at most ${plural(max, 'shopper question')}. Make another topic for more.`
        : `A topic holds at most ${plural(max, 'answer')}. Put more in another topic, or in a file.`,
    entry: (kind: EntryKind, i: number) => `${kind === 'information' ? 'Question' : 'Answer'} ${i}`,
    remove: (kind: EntryKind, i: number) => `Remove ${kind === 'information' ? 'question' : 'answer'} ${i}`,
    /** A topic in a picker, with how full it is. */
    option: (name: string, questions: number, answers: number) =>
      `${name} · ${formatCount(questions)}/${limits.categorization.count} questions, ${formatCount(answers)}/${limits.knowledge.count} answers`,
    /** The knowledge-gap dialog, once a full topic is picked (before Save). */
    gapQuestionsFull: (max: number) =>
      `This topic already has ${plural(max, 'shopper question')}, the most it holds. Pick another topic, make a new one, or clear this field to add only the answer.`,
    gapAnswersFull: (max: number) =>
      `This topic already has ${plural(max, 'answer')}, the most it holds. Pick another topic or make a new one.`,
  },

  /** Manage Knowledge: files and product information. */
  files: {
    /** Spec §2's 'General Info' button. */
    add: 'Add files',
    empty: 'No files yet',
    emptyHint:
      'Add your shop’s policies, FAQs, size charts or care guides: the bot answers shoppers from them.',
    intro: 'Documents the bot reads: policies, FAQs, size charts, care guides.',
    /** Before uploading: what the server would refuse. */
    tooLarge: `Too large: a file can be at most ${limits.uploadMaxBytes / (1024 * 1024)} MB`,
    tooMany: (max: number) => `Choose at most ${plural(max, 'file')} at a time`,
  },
  productInfo: {
    /** Spec §2's 'Question by user or topic'. */
    question: 'What shoppers ask',
    questionHint: 'A question or a subject, for example “Is it safe for newborns?” or “Washing”.',
    /** Spec §2's 'Product Additional Info'. */
    answer: 'What the bot should tell them',
    answerHint: 'The answer in your own words. The bot uses it for the products below.',
    counter: (length: number, max: number) => `${formatCount(length)}/${formatCount(max)}`,
  },

  /** Copy from another shop: what it brings, counted, before the merchant confirms. */
  copy: {
    menu: 'Copy from another shop',
    title: 'Copy from another shop',
    from: 'Copy from',
    checking: 'Checking what there is to copy…',
    willCopy: 'This copies:',
    topics: (topics: number, questions: number, answers: number) =>
      `${plural(topics, 'topic')} (${plural(questions, 'shopper question')}, ${plural(answers, 'answer')})`,
    files: (files: number, bytes: number, passages: number) =>
      `${plural(files, 'file')} (${fileSize(bytes)}, ${plural(passages, 'passage')})`,
    productInfo: (entries: number, products: number) =>
      `${plural(entries, 'product information entry', 'product information entries')} for ${plural(products, 'product')} sold in both shops (matched by name)`,
    leftOut: 'Not copied:',
    filesNotReady: (n: number) => `${plural(n, 'file')} still being read or that could not be read`,
    filesAlreadyHere: (n: number) => `${plural(n, 'file')} this shop already has`,
    productInfoUnmatched: (n: number, shop: string) =>
      `${plural(n, 'product information entry', 'product information entries')} whose products ${shop} does not sell`,
    nothing: (shop: string) => `${shop} has no topics, files or product information to copy yet.`,
    confirm: 'Copy',
    cancel: 'Cancel',
    done: (c: { topics: number; files: number; productInfo: number }) => {
      const parts = [
        ...(c.topics ? [plural(c.topics, 'topic')] : []),
        ...(c.files ? [plural(c.files, 'file')] : []),
        ...(c.productInfo
          ? [plural(c.productInfo, 'product information entry', 'product information entries')]
          : []),
      ];
      return parts.length
        ? `Copied ${listed(parts)}.${c.files ? ' The files are ready to answer from in a moment.' : ''}`
        : 'Nothing was copied.';
    },
    /** The server's answer to a copy from the shop itself. */
    sameShop: 'Choose another shop to copy from',
  },
} as const;
