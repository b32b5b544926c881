/**
 * A parsing thread for tests that takes its port, says it is ready and then never answers:
 * only its user's fail() can release the batches it was given.
 */
import type { ToParser } from "../../../lib/runtime/worker_protocol.ts";

const scope = self as unknown as { onmessage: ((event: MessageEvent<ToParser>) => void) | null };

scope.onmessage = (event) => {
  const { port } = event.data;
  port.onmessage = () => {};
  port.postMessage({ type: "parser-ready" });
};
