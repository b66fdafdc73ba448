import { messages, ratingWords } from '@balas/contracts';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchHistory, fetchStatus, type RatingState, type Reply, sendQuery, type Turn } from './api.ts';
import type { HostMessage, PanelMessage } from './protocol.ts';
import { RatingForm } from './rating.tsx';
import { sessionId } from './session.ts';
import './panel.css';

const params = new URLSearchParams(location.search);
const shop = params.get('shop') ?? '';
const host = params.get('host');
const session = sessionId();
const POLL_OPEN_MS = 4000;
const POLL_HIDDEN_MS = 10_000;
const replyCount = (turns: Turn[]) => turns.reduce((n, turn) => n + turn.replies.length, 0);

const toHost = (message: PanelMessage) => {
  if (host && window.parent !== window) window.parent.postMessage(message, host);
};

/** A reply's text, or the picture or product card the shop sent. */
function ReplyBody({ reply }: { reply: Reply }) {
  if (reply.image) {
    const { url, width, height } = reply.image;
    return (
      <img
        class="picture"
        src={url}
        alt={messages.widget.shopPicture}
        width={width || 220}
        height={height || 165}
        loading="lazy"
        style={width && height ? { aspectRatio: `${width} / ${height}` } : undefined}
      />
    );
  }
  if (reply.product) {
    const p = reply.product;
    return (
      <span class="product">
        {p.image && <img src={p.image} alt="" width={56} height={56} loading="lazy" />}
        <span>
          <strong>{p.name}</strong>
          {p.price && (
            <span class="price">
              {p.currency === 'MYR' || !p.currency ? 'RM' : p.currency} {Number(p.price).toFixed(2)}
            </span>
          )}
        </span>
      </span>
    );
  }
  return <>{reply.text}</>;
}

function Panel() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [handover, setHandover] = useState(false);
  // Nobody answered automatically (the chatbot is off, or paused here): the visitor is told who will.
  const [teamWillReply, setTeamWillReply] = useState(false);
  const [replies, setReplies] = useState<'bot' | 'team' | null>(null);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<RatingState | null>(null);
  const [thanked, setThanked] = useState(false);
  const [error, setError] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  // Preloaded hidden by the loader; standalone (no host page) it is always shown.
  const [shown, setShown] = useState(!host);
  // Read when a fetch lands, which may be after the panel was hidden: never a stale closure.
  const isShown = useRef(shown);
  // The shop's replies the visitor has had on screen (or that were in the chat when it loaded).
  const seen = useRef<number | null>(null);

  const refresh = () =>
    fetchHistory(shop, session)
      .then(({ chatHistory: history, rating: asked }) => {
        setTurns(history);
        setRating(asked ?? null);
        setError('');
        const count = replyCount(history);
        if (isShown.current || seen.current === null) seen.current = count;
        else if (count > seen.current) toHost({ type: 'balas:unread', count: count - seen.current });
        return history;
      })
      .catch((e: Error) => {
        setError(e.message);
        return null;
      });

  useEffect(() => {
    const show = (next: boolean) => {
      isShown.current = next;
      setShown(next);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host) return;
      const message = event.data as HostMessage | null;
      if (message?.type === 'balas:open') {
        show(true);
        input.current?.focus();
      }
      if (message?.type === 'balas:hidden') show(false);
    };
    // Focus lives in the panel while it is open, so Escape is heard here.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toHost({ type: 'balas:close' });
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('keydown', onKey);
    toHost({ type: 'balas:ready' });
    fetchStatus(shop).then(
      (status) => setReplies(status.replies),
      () => setReplies(null),
    );
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  // The merchant's replies arrive while the panel is open; while hidden, new ones show on the button.
  useEffect(() => {
    if (shown || seen.current === null) void refresh();
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') void refresh();
      },
      shown ? POLL_OPEN_MS : POLL_HIDDEN_MS,
    );
    return () => {
      clearInterval(timer);
    };
  }, [shown]);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [turns, pending]);

  const send = async (query: string) => {
    setFailed(null);
    setPending(query);
    setText('');
    try {
      const answer = await sendQuery(shop, session, query);
      if (answer.handover) setHandover(true);
      else if (!answer.response) setTeamWillReply(true);
      await refresh();
    } catch (e) {
      setFailed(query);
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };

  // Once a person of the shop has answered, the handover notice has done its job.
  const personReplied = turns.some((turn) => turn.replies.some((reply) => reply.from === 'agent'));

  const submit = (e: Event) => {
    e.preventDefault();
    const query = text.trim();
    if (query && !pending) void send(query);
  };

  return (
    <div class="panel">
      <header>
        <div>
          <strong>{messages.widget.title}</strong>
          {replies && (
            <span>{replies === 'bot' ? messages.widget.botReplies : messages.widget.teamReplies}</span>
          )}
        </div>
        {host && (
          <button
            type="button"
            class="close"
            aria-label="Close chat"
            onClick={() => toHost({ type: 'balas:close' })}
          >
            ×
          </button>
        )}
      </header>
      <div class="log" role="log" aria-live="polite" aria-label="Conversation" ref={log}>
        {turns.length === 0 && !pending && <p class="hint">{messages.widget.greeting}</p>}
        {turns.map((turn) => (
          <>
            {turn.message && <p class="bubble me">{turn.message}</p>}
            {turn.replies.map((reply) =>
              reply.from === 'agent' ? (
                <div class="bubble bot agent">
                  <small>Shop team</small>
                  <ReplyBody reply={reply} />
                </div>
              ) : (
                <div class="bubble bot">
                  <ReplyBody reply={reply} />
                </div>
              ),
            )}
          </>
        ))}
        {pending && (
          <>
            <p class="bubble me">{pending}</p>
            <p class="typing" role="status" aria-label="Typing">
              <span />
              <span />
              <span />
            </p>
          </>
        )}
        {failed && (
          <button type="button" class="retry" onClick={() => void send(failed)}>
            Not sent: “{failed}”. Tap to retry.
          </button>
        )}
        {handover && !personReplied && <p class="notice">{messages.widget.handover}</p>}
        {teamWillReply && !handover && !personReplied && (
          <p class="notice">{messages.widget.teamWillReply}</p>
        )}
        {rating?.ask && !pending && (
          <RatingForm
            shop={shop}
            session={session}
            onRated={() => {
              setThanked(true);
              void refresh();
            }}
          />
        )}
        {thanked && !rating?.ask && (
          <p class="notice" role="status">
            {ratingWords.widget.thanks}
          </p>
        )}
      </div>
      {error && !failed && <p class="error">{error}</p>}
      <form onSubmit={submit}>
        <label class="sr-only" for="balas-message">
          Your message
        </label>
        <textarea
          id="balas-message"
          ref={input}
          rows={1}
          maxLength={2000}
          placeholder="Type your message…"
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" disabled={!text.trim() || pending !== null} aria-label="Send">
          ➤
        </button>
      </form>
    </div>
  );
}

render(<Panel />, document.getElementById('app')!);
