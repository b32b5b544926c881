/**
 * The signals that mean "the client is going away": a client that stops its server sends
 * SIGTERM, and a closed terminal sends SIGHUP. The server answers them by shutting down as
 * it would when its output fails: cancel the work in flight, stop the workers, exit 0.
 * `index` listens for these and Ctrl-C's SIGINT while it runs, to stop cleanly.
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
  return onSignals(SHUTDOWN_SIGNALS, listener);
}

/** The signals `index` stops at: Ctrl-C's, and the shutdown signals. */
export const STOP_SIGNALS: readonly Deno.Signal[] = ["SIGINT", ...SHUTDOWN_SIGNALS];

/**
 * Calls `listener` with the signal's name when one of `signals` arrives, and returns a
 * function that stops listening (the signals' default action is then back). On Windows,
 * where Deno supports listeners for SIGINT and SIGBREAK only, only those are installed.
 * A listener does not keep the process alive.
 *
 * @example
 * ```ts
 * import { onSignals, STOP_SIGNALS } from "./shutdown_signals.ts";
 * const stop = new AbortController();
 * const unlisten = onSignals(STOP_SIGNALS, (signal) => stop.abort(signal));
 * unlisten();
 * ```
 */
export function onSignals(
  signals: readonly Deno.Signal[],
  listener: (signal: Deno.Signal) => void,
): () => void {
  const supported = Deno.build.os === "windows"
    ? signals.filter((signal) => signal === "SIGINT" || signal === "SIGBREAK")
    : signals;
  const installed = supported.map((signal) => {
    const handler = () => listener(signal);
    Deno.addSignalListener(signal, handler);
    return () => Deno.removeSignalListener(signal, handler);
  });
  return () => installed.forEach((remove) => remove());
}
