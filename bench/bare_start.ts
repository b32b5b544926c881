/** The cold-start baseline for bench/run.ts: a file that prints one line. @module */
console.log("ready");
