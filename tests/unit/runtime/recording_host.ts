/**
 * A folder host for tests that indexes nothing: it writes `parser-failed` into its folder
 * when told that its parsing thread failed, so a test sees the message arrive.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ type: string; path?: string }>) => void) | null;
};

let folder = "";
scope.onmessage = (event) => {
  if (event.data.type === "folder-host") folder = event.data.path ?? "";
  if (event.data.type === "folder-parser-failed") {
    Deno.writeTextFileSync(`${folder}/parser-failed`, "seen");
  }
};
