/**
 * Lines of a child process's output, as they arrive.
 */

/**
 * Yields each complete line of `stream` (without its newline) as it arrives.
 *
 * @example
 * ```ts
 * import { lines } from "./lines.ts";
 * const child = new Deno.Command("echo", { args: ["hi"], stdout: "piped" }).spawn();
 * for await (const line of lines(child.stdout)) console.log(line); // hi
 * ```
 */
export async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) !== -1) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
    }
  }
}
