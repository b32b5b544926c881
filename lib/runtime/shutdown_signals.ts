/**
 * The signals that mean "the client is going away": a client that stops its server sends
 * SIGTERM, and a closed terminal sends SIGHUP. The server answers them by shutting down as
 * it would when its output fails: cancel the work in flight, stop the workers, exit 0.
 *
 * @module
 */

/** The signals {@link onShutdownSignal} listens for, where the platform supports them. */
export const SHUTDOWN_SIGNALS: readonly Deno.Signal[] = ["SIGTERM", "SIGHUP"];

/**
 * Calls `listener` with the signal's name when a shutdown signal arrives, and returns a
 * function that stops listening. On Windows, where Deno supports listeners for SIGINT and
 * SIGBREAK only, nothing is installed: there the client ends the server by closing its input.
 *
 * @example
 * ```ts
 * import { onShutdownSignal } from "./shutdown_signals.ts";
 * const stop = new AbortController();
 * const unlisten = onShutdownSignal((signal) => stop.abort(signal));
 * unlisten();
 * ```
 */
export function onShutdownSignal(listener: (signal: Deno.Signal) => void): () => void {
  if (Deno.build.os === "windows") return () => {};
  const installed = SHUTDOWN_SIGNALS.map((signal) => {
    const handler = () => listener(signal);
    Deno.addSignalListener(signal, handler);
    return () => Deno.removeSignalListener(signal, handler);
  });
  return () => installed.forEach((remove) => remove());
}
