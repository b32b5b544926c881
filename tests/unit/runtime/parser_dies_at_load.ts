/** A parsing thread for tests that fails as it loads, before it is given its port. */
throw new Error("the parsing thread failed to load");
