/**
 * Assertions with std-style names over node:assert (the std library is published on JSR,
 * which these machines cannot reach).
 */
import nodeAssert from "node:assert/strict";

/** Asserts `value` is truthy. */
export function assert(value: unknown, message?: string): asserts value {
  nodeAssert.ok(value, message);
}

/** Asserts deep, strict equality. */
export function assertEquals<T>(
  actual: unknown,
  expected: T,
  message?: string,
): asserts actual is T {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

/** Asserts deep, strict inequality. */
export function assertNotEquals(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, message);
}

/** Asserts `text` matches `pattern`. */
export function assertMatch(text: string, pattern: RegExp, message?: string): void {
  nodeAssert.match(text, pattern, message);
}

/** Asserts `fn` throws an instance of `errorClass`; returns the error. */
export function assertThrows<E extends Error>(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  errorClass: new (...args: any[]) => E,
  includes?: string,
): E {
  try {
    fn();
  } catch (error) {
    nodeAssert.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${error}`);
    if (includes !== undefined) nodeAssert.ok((error as Error).message.includes(includes));
    return error as E;
  }
  throw new nodeAssert.AssertionError({ message: `expected ${errorClass.name} to be thrown` });
}
