import { describe, it } from 'vitest';
import { adminQuery, TEST_DATABASE_URL, TEST_DIALECT } from './start-test-server';

// Without PostgreSQL every other postgres test fails in its beforeAll, which test reports count as
// skipped, not failed. This test has no hook, so an unreachable PostgreSQL is a failed test too.
describe.runIf(TEST_DIALECT === 'postgres')('the test PostgreSQL', () => {
  it(`is reachable at ${TEST_DATABASE_URL}`, async () => {
    // Thrown as is, so the report shows the whole message with the URL.
    await adminQuery('select 1');
  });
});
