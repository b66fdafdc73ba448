import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { api } from '../../lib/api-client.ts';
import { applyRealtimeEvent, realtimeEventNames } from './realtime-cache.ts';

// The socket client and the event-to-cache map, loaded together once the page has painted.
export { applyRealtimeEvent, realtimeEventNames };

/** Pause before connecting again when the server closed a connection whose session still holds. */
const RETRY_MS = 2000;

/**
 * The dashboard's connection. One the server closed or refused does not come back by itself: that
 * is how the server ends a session's connections (signed out, or the password changed or reset
 * elsewhere). The API says whether the session is over: its 401 ends it here and goes to the login
 * page (App's onUnauthorized); if it holds, the connection is opened again after a pause.
 */
export function io(options: Partial<ManagerOptions & SocketOptions>): Socket {
  const socket = connect(options);
  let closedHere = false;
  const check = () => {
    if (socket.active) return;
    api('/me').then(
      () =>
        setTimeout(() => {
          if (!closedHere && !socket.connected && !socket.active) socket.connect();
        }, RETRY_MS),
      () => {},
    );
  };
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') closedHere = true;
    else check();
  });
  socket.on('connect_error', check);
  return socket;
}
