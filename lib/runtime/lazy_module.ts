/**
 * A module loaded on first use: what `initialize` does not need is not evaluated before it
 * answers (issue #26), and is loaded once however many callers want it at the same time.
 *
 * @module
 */

/**
 * A value made by an asynchronous load (a dynamic `import()`) the first time it is asked
 * for. Callers that ask while it loads share the one load; a failed load is tried again by
 * the next caller, so one failure does not stick for the rest of the session.
 *
 * @example
 * ```ts
 * import { LazyModule } from "./lazy_module.ts";
 * const prompts = new LazyModule(() => import("../protocol/prompts/prompt_methods.ts"));
 * prompts.loaded; // undefined: nothing is read yet
 * const { listPrompts } = await prompts.get();
 * prompts.loaded === undefined; // false
 * ```
 */
export class LazyModule<T> {
  readonly #load: () => Promise<T>;
  #loading: Promise<T> | undefined;
  #loaded: { value: T } | undefined;

  /** `load` is called at the first {@link get}, and again only after a failed load. */
  constructor(load: () => Promise<T>) {
    this.#load = load;
  }

  /** The value once it has loaded; undefined before, for callers that cannot wait. */
  get loaded(): T | undefined {
    return this.#loaded?.value;
  }

  /** Whether a load has started (and not failed): a value is there or on its way. */
  get started(): boolean {
    return this.#loading !== undefined;
  }

  /** Starts the load if none has started, and resolves with its value. */
  get(): Promise<T> {
    this.#loading ??= this.#load().then(
      (value) => {
        this.#loaded = { value };
        return value;
      },
      (error) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
