/** Messages between bench/run.ts and its server process (bench/server.ts) over the fork() channel. */

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
  /** The query's time as the app saw it (round trip through the pool), in ms. */
  ms: number;
  error: boolean;
}

export type ParentMessage =
  { type: 'capture-start' } | { type: 'capture-stop' } | { type: 'memory'; gc?: boolean } | { type: 'stop' };

export type ServerMessage =
  | { type: 'listening'; port: number }
  | { type: 'capture-started' }
  | { type: 'captured'; queries: CapturedQuery[] }
  | { type: 'memory'; rss: number; heapUsed: number; heapTotal: number; external: number };
