import { ratingWords } from '@balas/contracts';
import { useState } from 'preact/hooks';
import { sendRating } from './api.ts';

const words = ratingWords.widget;

/** After the shop resolved the chat: 1-5 stars (a radio group) and an optional comment, sent once. */
export function RatingForm({
  shop,
  session,
  onRated,
}: {
  shop: string;
  session: string;
  onRated: () => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!stars) {
      setError(words.pickStars);
      return;
    }
    setSending(true);
    setError('');
    try {
      await sendRating(shop, session, stars, comment.trim());
      onRated();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <form class="rating" onSubmit={submit}>
      <fieldset>
        <legend>{words.question}</legend>
        <div class="stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} class={n <= stars ? 'on' : undefined}>
              <input
                type="radio"
                name="balas-stars"
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
              />
              <span aria-hidden="true">★</span>
              <span class="sr-only">{words.stars(n)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label class="sr-only" for="balas-rating-comment">
        {words.comment}
      </label>
      <textarea
        id="balas-rating-comment"
        rows={2}
        maxLength={500}
        placeholder={words.comment}
        value={comment}
        onInput={(e) => setComment((e.target as HTMLTextAreaElement).value)}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={sending}>
        {words.send}
      </button>
    </form>
  );
}
