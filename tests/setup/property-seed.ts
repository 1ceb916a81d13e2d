// Every property test (fast-check) runs with the seed vitest.config.ts chose for the run, so the
// values that failed once are generated again.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
