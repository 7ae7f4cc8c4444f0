/** Types for server.mjs, which runs in plain Node without a build step. */

/** One reply (or internal note) the helpdesk accepted, in the order it accepted them. */
export interface SentReply {
  seq: number;
  /** A reply goes to the customer; a note is seen by agents only. */
  kind: 'reply' | 'note';
  ticketId: number;
  /** The body as posted (the editor's HTML). */
  body: string;
  /** The body as plain text. */
  text: string;
  /** The ticket's status after the reply. */
  status: string;
  /** ISO 8601. */
  at: string;
}

export interface HelpdeskOptions {
  /** 0 picks a free port. Default 4517. */
  port?: number;
  /** Loopback only. Default 127.0.0.1. */
  host?: string;
  /** Also write the sent log to this JSON file after each send. */
  dataFile?: string | null;
  seedFile?: string;
}

export interface Helpdesk {
  url: string;
  close(): Promise<void>;
  sent(): SentReply[];
}

export function startHelpdesk(options?: HelpdeskOptions): Promise<Helpdesk>;
