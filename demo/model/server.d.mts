/** Types of demo/model/server.mjs for the TypeScript tests (the project does not check JS). */

export interface DemoScriptItem {
  /** Text to answer with (streamed in word-sized pieces). */
  text?: string;
  /** Tool calls to make after the text; `arguments` is an object or a JSON string. */
  toolCalls?: { name: string; arguments?: unknown }[];
  /** Drop the connection after this many characters of text, without [DONE]. */
  cutAfterChars?: number;
  /**
   * With `cutAfterChars`: keep the connection open after the cut's text until the test calls
   * `releaseCut()`, so that the client has surely read that text (a browser throws away text it
   * has received but not read when the connection errors). Without it the connection drops 20 ms
   * after the text was written.
   */
  holdCut?: boolean;
  /** Answer this HTTP error status with OpenAI's error JSON instead. */
  status?: number;
  /** The error message for `status`. */
  message?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface DemoModelOptions {
  /** Default 4518; 0 picks a free port. */
  port?: number;
  /** Loopback only; default 127.0.0.1. */
  host?: string;
  /** Canned responses to play first, one per chat request. */
  script?: DemoScriptItem[];
  /** Pause between stream chunks so streaming is visible; default 10. */
  chunkDelayMs?: number;
  behaviour?: DemoBehaviour;
}

/** How the demo model behaves when no script plays, to stand in for real models. */
export interface DemoBehaviour {
  /** Refuse any request that offers tools with 400 "… does not support tools", as many local models do. */
  noTools?: boolean;
  /** Write the reply in the message instead of calling reply.propose. */
  textAnswers?: boolean;
  /** Stream `reasoning_content` before the answer. */
  reasoning?: boolean;
  /** Cite, besides the article used, one no knowledge-base search returned. */
  fabricateCitation?: boolean;
  /** Draft from the ticket and the knowledge base alone, even when the helpdesk's search is offered. */
  noPastTickets?: boolean;
}

/** The server's own time on one chat request (wall-clock ms, sub-ms precision). */
export interface DemoTiming {
  /** When the request reached the handler. */
  receivedAt: number;
  /** When the last byte of the response was written (or the connection closed); null while running. */
  endedAt: number | null;
  /** endedAt - receivedAt. */
  ms: number | null;
  /** Each streamed chunk as it was written: the time and its text (empty when it carries none). */
  chunks: { at: number; text: string }[];
}

export interface DemoModel {
  /** The base URL for an OpenAI client, ending in /v1. */
  url: string;
  /** Where the /_control endpoints live. */
  origin: string;
  /** The chat request bodies received, oldest first. */
  requests(): unknown[];
  /** The API key (bearer token) each chat request carried, oldest first; null for none. */
  keys(): (string | null)[];
  /** The server's own time on each chat request, oldest first (also GET /_control/timings). */
  timings(): DemoTiming[];
  /** Replaces the canned responses to play next. */
  script(items: DemoScriptItem[]): void;
  /** Switches the behaviour (also POST /_control/behaviour). */
  behave(behaviour: DemoBehaviour): void;
  /** Lets the oldest held cut (`holdCut`) drop its connection, or the next one to be reached. */
  releaseCut(): void;
  /** Forgets the script, the requests, the id counters and the behaviour switches. */
  reset(): void;
  close(): Promise<void>;
}

export function startDemoModel(options?: DemoModelOptions): Promise<DemoModel>;
