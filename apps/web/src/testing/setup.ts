import { configure } from '@testing-library/dom';

// The first render of a test file pays for module loading; on a busy 2-core CI
// machine that alone passed testing-library's 1 s default for `findBy*` and
// `waitFor`, failing tests that were right. A missing element still fails, later.
configure({ asyncUtilTimeout: 5_000 });

// The app loads the error-code texts on demand (lib/i18n/i18n.ts: with the first failed call, which
// waits for them). In a test, that first load compiles the module inside a `waitFor` of 1 s, too
// short on a busy machine: compile it here (the module cache then answers at once). Nothing is
// loaded into the studio's catalogue by this; a test still sees the texts arrive as the app does.
if (typeof document !== 'undefined') await Promise.all([import('../lib/i18n/error-codes.ko'), import('../lib/i18n/error-codes.en')]);
