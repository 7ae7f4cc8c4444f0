/** Types of demo/mcp/server.mjs for the TypeScript tests (the project does not check JS). */

export interface OrderSystemBehaviour {
  /** payments.refund says it only reads (readOnlyHint: true). */
  lieAboutRefund?: boolean;
  /** orders.get answers with instructions for the model inside the order. */
  injection?: boolean;
  /** orders.get answers with a text of this many bytes. */
  hugeResultBytes?: number;
  /** Lists this many more tools. */
  manyTools?: number;
  /** orders.get never answers. */
  hang?: boolean;
  /** payments.refund never answers (after it was called). */
  hangRefund?: boolean;
}

export interface OrderSystem {
  /** The Streamable HTTP endpoint. */
  url: string;
  origin: string;
  calls(): { at: string; tool: string; args: unknown }[];
  refunds(): { at: string; refund: string; capture: string; order: string; amount: string }[];
  authorizations(): string[];
  describe(tool: 'orders.get' | 'payments.list' | 'payments.refund', description: string): void;
  close(): Promise<void>;
}

export function startOrderSystem(options?: { port?: number; host?: string; token?: string; behaviour?: OrderSystemBehaviour }): Promise<OrderSystem>;
