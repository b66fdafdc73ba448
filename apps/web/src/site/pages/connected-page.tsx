/** @jsxImportSource preact */
import {
  type ConnectFailure,
  type ConnectMessage,
  connectChannel,
  connectFailures,
  messages,
} from '@balas/contracts';
import { useEffect, useMemo } from 'preact/hooks';
import { SuccessPanel } from '../components/auth-layout.tsx';
import { AlertIcon } from '../components/icons.tsx';
import { LogoLink } from '../components/logo.tsx';

const CLOSE_AFTER_MS = 1500;

/** Tells the dashboard (in any tab of this origin) how the authorization ended. */
function tell(message: ConnectMessage) {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(connectChannel);
    channel.postMessage(message);
    channel.close();
  }
  // An opener kept across the platform's pages hears it too, but only on our own origin.
  window.opener?.postMessage(message, location.origin);
}

export function connectOutcome(search: string): ConnectMessage {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error !== null) {
    const reason = connectFailures.find((f) => f === error) ?? 'failed';
    return { type: 'failed', reason };
  }
  return { type: 'connected', shopId: query.get('shopId') ?? '' };
}

const failureText = (reason: ConnectFailure) => messages.connect[reason];

/**
 * /connected: where the platform's authorization window ends. It tells the dashboard, which moves on,
 * and closes itself when it can (a window a script opened); otherwise it offers the way back.
 */
export function ConnectedPage({ search }: { search: string }) {
  const outcome = useMemo(() => connectOutcome(search), [search]);
  useEffect(() => {
    tell(outcome);
    if (outcome.type === 'connected') {
      const timer = setTimeout(() => window.close(), CLOSE_AFTER_MS);
      return () => clearTimeout(timer);
    }
  }, [outcome]);
  return (
    <div class="centered-page">
      <header class="container">
        <LogoLink href="/dashboard/shops" label="Balas dashboard" />
      </header>
      <main class="centered">
        {outcome.type === 'connected' ? (
          <SuccessPanel title={messages.connect.done} text={messages.connect.doneBody}>
            <a class="button button-text" href="/dashboard/shops">
              Open my shops
            </a>
          </SuccessPanel>
        ) : (
          <div class="success" role="alert">
            <span class="failure-mark">
              <AlertIcon size={40} />
            </span>
            <h1>{messages.connect.failedTitle}</h1>
            <p class="muted">{failureText(outcome.reason)}</p>
            <div class="row">
              <button type="button" class="button button-primary" onClick={() => window.close()}>
                Close this window
              </button>
              <a class="button button-text" href="/dashboard/shops">
                Open my shops
              </a>
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
