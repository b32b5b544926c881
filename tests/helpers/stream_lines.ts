/**
 * The lines of a child process's output stream, as they come.
 *
 * @example
 * ```ts
 * import { lines } from "./stream_lines.ts";
 * const child = new Deno.Command("echo", { args: ["a"], stdout: "piped" }).spawn();
 * for await (const line of lines(child.stdout)) console.log(line); // "a"
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
