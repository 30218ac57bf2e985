import WebSocket from 'ws';

/** Ends a feed's socket at once and resolves when it is closed (at once when it already is, or there is none). */
export async function closeSocket(socket: WebSocket | undefined): Promise<void> {
  if (!socket || socket.readyState === WebSocket.CLOSED) return;
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.terminate();
  });
}
