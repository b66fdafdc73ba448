import { channelOf, composerWords, type SendFailure } from '@balas/contracts';
import { isAuthError, isRetryable, MarketplaceError, needsReauthorization } from '@balas/marketplaces';
import { AppError } from '../../../errors.ts';
import { PlatformOffError } from '../../../platforms/platform.ts';
import { ChatImageGone } from './chat-images.ts';

/** Which of the merchant's reasons a failed send is. */
export function sendFailureOf(error: unknown): SendFailure {
  if (error instanceof PlatformOffError) return 'off';
  if (error instanceof ChatImageGone) return 'image_gone';
  if (needsReauthorization(error) || isAuthError(error)) return 'reconnect';
  if (error instanceof MarketplaceError) {
    if (isRetryable(error, false)) return 'busy';
    if (isRetryable(error, true) || error.code.startsWith('http_') || error.code === 'bad_response')
      return 'no_answer';
    return 'refused';
  }
  return 'unknown';
}

/**
 * What the chat says beside a message that was not sent, in the merchant's words (the platform's
 * own code and text go to the log). Our own errors (a shop to reconnect) already speak them.
 */
export function sendFailureText(provider: string, error: unknown): string {
  if (error instanceof AppError) return error.message;
  return composerWords.failure[sendFailureOf(error)](channelOf(provider).name);
}
