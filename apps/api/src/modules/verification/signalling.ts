import type { WebSocket } from 'ws';
import { SIGNAL_CLOSE, signalFromBrowserSchema, type IceServer, type SignalFromShop } from '@elmwood/domain';

type Role = 'patient' | 'prescriber';
const OTHER: Record<Role, Role> = { patient: 'prescriber', prescriber: 'patient' };
/** A message larger than a session description with its candidates is not a browser's. */
const MAX_MESSAGE_BYTES = 128 * 1024;

function send(socket: WebSocket | undefined, message: SignalFromShop): void {
  if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * The rooms of the video consultations now under way: at most one patient and one prescriber each, the shop only
 * relaying what one browser sends to the other (session descriptions, ICE candidates). No media passes through the
 * shop and nothing is recorded. A room lives in this process: past one API process, both sides of a call must reach
 * the same one (route by the consultation's id), or the relay goes through PostgreSQL's LISTEN/NOTIFY.
 */
export function createSignalRooms(iceServers: readonly IceServer[]) {
  const rooms = new Map<string, Partial<Record<Role, WebSocket>>>();

  function leave(id: string, role: Role, socket: WebSocket) {
    const room = rooms.get(id);
    if (!room || room[role] !== socket) return;
    delete room[role];
    send(room[OTHER[role]], { type: 'peer-left' });
    if (!room.patient && !room.prescriber) rooms.delete(id);
  }

  return {
    /** A browser joins its room (the route checked who it is): a second tab of the same side replaces the first. */
    join(id: string, role: Role, socket: WebSocket): void {
      const room = rooms.get(id) ?? {};
      rooms.set(id, room);
      const previous = room[role];
      room[role] = socket;
      if (previous && previous !== socket) previous.close(SIGNAL_CLOSE.replaced, 'Joined from another window');
      const other = room[OTHER[role]];
      send(socket, { type: 'welcome', role, peerPresent: Boolean(other), iceServers: [...iceServers] });
      send(other, { type: 'peer-joined' });
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        if (isBinary || raw.length > MAX_MESSAGE_BYTES) return;
        let parsed;
        try {
          parsed = signalFromBrowserSchema.safeParse(JSON.parse(raw.toString('utf8')));
        } catch {
          return;
        }
        if (!parsed.success) return;
        if (parsed.data.type === 'bye') {
          leave(id, role, socket);
          socket.close(1000, 'Left');
          return;
        }
        if (rooms.get(id)?.[role] !== socket) return;
        send(rooms.get(id)?.[OTHER[role]], parsed.data);
      });
      socket.on('close', () => leave(id, role, socket));
    },

    /** The prescriber ended the consultation: both sides are told and the room closes. */
    end(id: string): void {
      const room = rooms.get(id);
      if (!room) return;
      rooms.delete(id);
      for (const socket of [room.patient, room.prescriber]) {
        send(socket, { type: 'ended' });
        socket?.close(SIGNAL_CLOSE.ended, 'Consultation ended');
      }
    },

    /** Who is in a room now (the console shows whether the patient is waiting). */
    present(id: string): { patient: boolean; prescriber: boolean } {
      const room = rooms.get(id);
      return { patient: Boolean(room?.patient), prescriber: Boolean(room?.prescriber) };
    },
  };
}
export type SignalRooms = ReturnType<typeof createSignalRooms>;
