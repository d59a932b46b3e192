// The server matches each request's URL to the routes with React Router's route-pattern
// matcher (docs/decisions/314). Its default matcher tries the ranked branches one by one and
// builds the root's and the layouts' matches again for each branch that then fails (39 of
// them before /contato), twice a request: about 0.15 ms of the web process's CPU per
// sign-up. The flag is not a framework-mode setting, so the server's build gets it here.
// The browser keeps the default matcher: the flag would reach it in the page's hand-off to
// React Router's client, which would then need the matcher's 6 KB (gzipped) of JavaScript on
// /contato, so the hand-off says false instead. Both matchers give the same route for every
// URL of app/routes.ts (route-matching.test.ts).
import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

const flag = "unstable_routePatternMatching";

/** The build with React Router's route-pattern matcher on (loaded once, here). */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  // Framework mode types a build's flags as none at all; createStaticHandler reads this one
  // (its FutureConfig, react-router's lib/router/router.ts).
  const future = { ...build.future, [flag]: true } as unknown as ServerBuild["future"];
  return { ...build, future };
}

/**
 * The serialized hand-off a page gives React Router's client (`window.__reactRouterContext`),
 * with the server's matcher flag turned off: the browser's router keeps its own matcher.
 */
export function browserHandoff(serverHandoff: string): string;
export function browserHandoff(serverHandoff: string | undefined): string | undefined;
export function browserHandoff(serverHandoff: string | undefined): string | undefined {
  return serverHandoff?.replace(`"${flag}":true`, `"${flag}":false`);
}
