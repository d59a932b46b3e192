import { serverStartHookTimeout, test } from "./e2e-test.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

/**
 * The hostile-request suites' server (tests/sweeps/hostile-input.sweep.ts, tests/e2e/hostile-requests.e2e.ts): a built
 * server of the file's own (tests/support/own-server.ts) with its admin signed in, handed to
 * `ready` before the file's tests and stopped after them; the file's tests run in parallel
 * within it, 60 s each.
 */
export function hostileServerForFile(
  label: string,
  ready: (app: OwnServer, cookie: string) => void,
) {
  let app: OwnServer | undefined;
  test.describe.configure({ mode: "default", timeout: 60_000 });
  test.beforeAll(async () => {
    test.setTimeout(serverStartHookTimeout);
    app = await startOwnServer(label);
    ready(app, await app.logIn());
  });
  test.afterAll(async () => {
    await app?.stop();
  });
}
