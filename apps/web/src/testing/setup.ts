import { configure } from '@testing-library/dom';

// The first render of a test file pays for module loading; on a busy 2-core CI
// machine that alone passed testing-library's 1 s default for `findBy*` and
// `waitFor`, failing tests that were right. A missing element still fails, later.
configure({ asyncUtilTimeout: 5_000 });
