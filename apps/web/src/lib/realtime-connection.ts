import { io } from 'socket.io-client';
import { applyRealtimeEvent, realtimeEventNames } from './realtime-cache.ts';

// The socket client and the event-to-cache map, loaded together once the page has painted.
export { applyRealtimeEvent, io, realtimeEventNames };
