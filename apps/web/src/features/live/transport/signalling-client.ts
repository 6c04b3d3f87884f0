import { ServerMessage, type ClientMessage } from '@forecourt/contracts';

/** The signalling socket of a room, opened with a room token. */
export class SignallingClient {
  private socket: WebSocket | null = null;

  constructor(
    private readonly onMessage: (message: ServerMessage) => void,
    private readonly onClose: (code: number) => void,
  ) {}

  /** Resolves once open; rejects if the socket closes before it opens. `lobby`: as a waiting member (the preview). */
  open(token: string, lobby = false): Promise<void> {
    const url = new URL('/api/videos/live/signal', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    if (lobby) url.searchParams.set('lobby', '1');
    const socket = new WebSocket(url);
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let opened = false;
      socket.onopen = () => {
        opened = true;
        resolve();
      };
      socket.onmessage = (e) => {
        let parsed: ReturnType<typeof ServerMessage.safeParse>;
        try {
          parsed = ServerMessage.safeParse(JSON.parse(String(e.data)));
        } catch {
          return;
        }
        if (parsed.success) this.onMessage(parsed.data);
      };
      socket.onclose = (e) => {
        if (!opened) reject(new Error(`signalling closed (${e.code})`));
        else if (this.socket === socket) this.onClose(e.code);
      };
    });
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** 1000 says the participant leaves; any other code (4000 and up) lets the server keep it for a rejoin. */
  close(code = 1000): void {
    const socket = this.socket;
    this.socket = null;
    socket?.close(code);
  }
}
