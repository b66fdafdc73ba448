// The chunker alone: the engine's entry point loads what a reading thread does not need (seconds to start).
import { chunkDocument } from '@balas/bot/chunk';
import { htmlToText, type PageText } from './html-text.ts';

/** A fetched page for the reading thread: its body as text, HTML or plain. */
export interface PageTask {
  body: string;
  html: boolean;
  url: string;
  maxChars: number;
  /** Characters per chunk of the page's knowledge file. */
  chunkSize: number;
}

/** What a page came to: its text, and the knowledge file it becomes, already chunked. */
export interface PageFile extends PageText {
  fileName: string;
  /** The file's bytes as text: title, text and the page's address. */
  content: string;
  chunks: string[];
}

/** The knowledge file a page's text becomes: its name (title and address) and its text. */
export function pageFileOf(url: string, title: string, text: string): { fileName: string; content: string } {
  const parsed = new URL(url);
  const where = `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  return {
    fileName: (title ? `${title} · ${where}` : where).slice(0, 200),
    content: `${title ? `${title}\n\n` : ''}${text}\n\nSource: ${url}\n`,
  };
}

/** What the file-extraction thread does to a text file (extract.worker.mjs `readText`), so both agree. */
const cleanText = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * Reads a page and chunks its knowledge file exactly as ingesting the file would (the test compares
 * both), so an imported page needs no trip through the file-extraction threads. Runs in the page
 * reading thread (html-text.worker.ts): its cost grows with the page.
 */
export function readPageFile(task: PageTask): PageFile {
  const read = task.html
    ? htmlToText(task.body, task.maxChars)
    : { title: '', text: task.body.replace(/\r\n?/g, '\n').trim().slice(0, task.maxChars) };
  if (!read.text) return { ...read, fileName: '', content: '', chunks: [] };
  const file = pageFileOf(task.url, read.title, read.text);
  const chunks = chunkDocument(file.fileName, cleanText(file.content), { size: task.chunkSize }).map(
    (chunk) => chunk.text,
  );
  return { ...read, ...file, chunks };
}
